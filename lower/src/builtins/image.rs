//! Images and samplers: `read_image*`, `write_image*` and `get_image_*` calls become
//! [`Op::ImageRead`], [`Op::ImageWrite`] and [`Op::ImageQuery`]; sampler values (integer
//! constants, `const sampler_t` variables, program-scope `__constant sampler_t`) fold to
//! [`Op::SamplerConst`].

use oclc_frontend::checked::{self as ck, CType, CheckedProgram, ConstInit, OpaqueKind};

use super::super::function::FnLower;
use super::super::LowerError;
use super::const_int;
use oclc_ir::op::{ImageQuery, Op, SamplerBits, ValueId};
use oclc_ir::types::Type;

/// True for a `read_image*`, `write_image*` or `get_image_*` built-in.
pub(super) fn is_image_builtin(name: &str) -> bool {
    ["read_image", "write_image", "get_image_"]
        .iter()
        .any(|p| name.starts_with(p))
}

/// True for the `sampler_t` type.
pub fn is_sampler(ty: &CType) -> bool {
    matches!(ty, CType::Opaque(OpaqueKind::Sampler))
}

/// The IR index of the checked program-scope variable `g`: sampler globals fold to
/// constants and take no IR global, so later globals move down.
pub fn ir_global_index(program: &CheckedProgram, g: u32) -> u32 {
    let samplers = program.globals[..g as usize]
        .iter()
        .filter(|v| is_sampler(&v.ty))
        .count();
    g - samplers as u32
}

fn query_of(name: &str) -> Option<ImageQuery> {
    Some(match name {
        "get_image_width" => ImageQuery::Width,
        "get_image_height" => ImageQuery::Height,
        "get_image_depth" => ImageQuery::Depth,
        "get_image_dim" => ImageQuery::Dim,
        "get_image_array_size" => ImageQuery::ArraySize,
        "get_image_channel_data_type" => ImageQuery::ChannelDataType,
        "get_image_channel_order" => ImageQuery::ChannelOrder,
        _ => return None,
    })
}

impl FnLower<'_, '_> {
    /// A sampler value from the 32-bit `CLK_*` pattern `bits`, checked for validity.
    pub fn sampler_const(&mut self, bits: u64, e: &ck::Expr) -> Result<ValueId, LowerError> {
        if bits & !(SamplerBits::VALID_MASK as u64) != 0 {
            return self.unsupported(
                e.span,
                format!("sampler value {bits:#x} has bits no CLK_* constant defines"),
            );
        }
        let ty = self.types().intern(Type::Sampler);
        Ok(self.b.emit(Op::SamplerConst(SamplerBits(bits as u32)), ty))
    }

    /// Lowers an expression of type `sampler_t`: an integer constant converted to a
    /// sampler folds to [`Op::SamplerConst`]; `None` for any other expression, which the
    /// general lowering handles (sampler variables and parameters).
    pub fn sampler_expr(&mut self, e: &ck::Expr) -> Option<Result<ValueId, LowerError>> {
        if !is_sampler(&e.ty) {
            return None;
        }
        match &e.kind {
            ck::ExprKind::Convert(inner) if !is_sampler(&inner.ty) => {
                Some(match const_int(inner) {
                    Some(bits) => self.sampler_const(bits, e),
                    None => self.unsupported(
                        e.span,
                        "a sampler must be initialized with an integer constant expression",
                    ),
                })
            }
            ck::ExprKind::IntConst(bits) => Some(self.sampler_const(*bits, e)),
            _ => None,
        }
    }

    /// The value of program-scope sampler `g` (its constant initializer).
    pub fn global_sampler(&mut self, g: u32, e: &ck::LValue) -> Result<ValueId, LowerError> {
        let var = &self.program.globals[g as usize];
        match var.init {
            Some(ConstInit::Int(bits)) if (0..=u32::MAX as i128).contains(&bits) => {
                if bits as u64 & !(SamplerBits::VALID_MASK as u64) != 0 {
                    return self.unsupported(
                        e.span,
                        format!("sampler value {bits:#x} has bits no CLK_* constant defines"),
                    );
                }
                let ty = self.types().intern(Type::Sampler);
                Ok(self.b.emit(Op::SamplerConst(SamplerBits(bits as u32)), ty))
            }
            _ => self.unsupported(
                e.span,
                format!(
                    "program-scope sampler '{}' needs an integer constant initializer",
                    var.name
                ),
            ),
        }
    }

    /// Lowers an image built-in call.
    pub(super) fn image_call(
        &mut self,
        name: &str,
        args: &[ck::Expr],
        e: &ck::Expr,
    ) -> Result<ValueId, LowerError> {
        let mut values = Vec::with_capacity(args.len());
        for a in args {
            values.push(self.expr(a)?);
        }
        let ty = self.vty(&e.ty);
        if let Some(query) = query_of(name) {
            let [image] = values[..] else {
                return self.unsupported(e.span, format!("{name} takes one image"));
            };
            return Ok(self.b.emit(Op::ImageQuery { query, image }, ty));
        }
        let op = match (name.starts_with("read_image"), &values[..]) {
            (true, [image, coord]) => Op::ImageRead {
                image: *image,
                sampler: None,
                coord: *coord,
            },
            (true, [image, sampler, coord]) => Op::ImageRead {
                image: *image,
                sampler: Some(*sampler),
                coord: *coord,
            },
            (false, [image, coord, value]) => Op::ImageWrite {
                image: *image,
                coord: *coord,
                value: *value,
            },
            _ => {
                return self.unsupported(
                    e.span,
                    format!("image built-in '{name}' with {} arguments", args.len()),
                )
            }
        };
        Ok(self.b.emit(op, ty))
    }
}
