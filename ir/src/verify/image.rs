//! Verifier rules of the image and sampler operations.

use crate::module::Function;
use crate::op::{ImageQuery, Op, SamplerBits, ValueId};
use crate::types::{ImageAccess, ImageDim, ScalarType, Type, TypeId, TypeTable};

/// Element types of the 4-lane texel vectors that image reads return and writes take.
const TEXEL_ELEMS: [ScalarType; 4] = [
    ScalarType::F32,
    ScalarType::F16,
    ScalarType::I32,
    ScalarType::U32,
];

/// Checks an image or sampler operation whose result has type `rt`; the error names what
/// does not fit.
pub(super) fn check(
    types: &TypeTable,
    func: &Function,
    rt: TypeId,
    op: &Op,
) -> Result<(), &'static str> {
    let ty = |v: &ValueId| types.get(func.value_type(*v));
    let image_of = |v: &ValueId| match ty(v) {
        Type::Image {
            dim,
            arrayed,
            access,
        } => Ok((*dim, *arrayed, *access)),
        _ => Err("image operand is not an image"),
    };
    let texel =
        |t: &Type| matches!(t, Type::Vector { elem, lanes: 4 } if TEXEL_ELEMS.contains(elem));
    match op {
        Op::SamplerConst(SamplerBits(bits))
            if *types.get(rt) != Type::Sampler || bits & !SamplerBits::VALID_MASK != 0 =>
        {
            return Err("sampler_const");
        }
        Op::ImageRead {
            image,
            sampler,
            coord,
        } => {
            let (dim, arrayed, access) = image_of(image)?;
            if !access.readable() {
                return Err("image_read of a write-only image");
            }
            if let Some(s) = sampler {
                if *ty(s) != Type::Sampler {
                    return Err("image_read sampler");
                }
                if access != ImageAccess::Read || dim == ImageDim::Buffer {
                    return Err("image_read with a sampler needs a read-only, non-buffer image");
                }
            }
            let elems: &[ScalarType] = if sampler.is_some() {
                &[ScalarType::I32, ScalarType::F32]
            } else {
                &[ScalarType::I32]
            };
            if !coord_fits(
                types,
                func.value_type(*coord),
                dim.coord_lanes(arrayed),
                elems,
            ) {
                return Err("image_read coordinate");
            }
            if !texel(types.get(rt)) {
                return Err("image_read result");
            }
        }
        Op::ImageWrite {
            image,
            coord,
            value,
        } => {
            let (dim, arrayed, access) = image_of(image)?;
            if !access.writable() {
                return Err("image_write of a read-only image");
            }
            let lanes = dim.coord_lanes(arrayed);
            if !coord_fits(types, func.value_type(*coord), lanes, &[ScalarType::I32]) {
                return Err("image_write coordinate");
            }
            if !texel(ty(value)) || *types.get(rt) != Type::Void {
                return Err("image_write value");
            }
        }
        Op::ImageQuery { query, image } => {
            let (dim, arrayed, _) = image_of(image)?;
            let want = match query {
                ImageQuery::Width | ImageQuery::ChannelDataType | ImageQuery::ChannelOrder => {
                    Some(Type::Scalar(ScalarType::I32))
                }
                ImageQuery::Height if dim.coords() >= 2 => Some(Type::Scalar(ScalarType::I32)),
                ImageQuery::Depth if dim == ImageDim::D3 => Some(Type::Scalar(ScalarType::I32)),
                ImageQuery::Dim if dim == ImageDim::D2 => Some(Type::Vector {
                    elem: ScalarType::I32,
                    lanes: 2,
                }),
                ImageQuery::Dim if dim == ImageDim::D3 => Some(Type::Vector {
                    elem: ScalarType::I32,
                    lanes: 4,
                }),
                ImageQuery::ArraySize if arrayed => Some(Type::Scalar(ScalarType::U64)),
                _ => None,
            };
            if want.as_ref() != Some(types.get(rt)) {
                return Err("image_query (image kind or result type)");
            }
        }
        _ => {}
    }
    Ok(())
}

/// True when `t` is a scalar (`lanes == 1`) or vector of `lanes` lanes of one of `elems`.
fn coord_fits(types: &TypeTable, t: TypeId, lanes: u8, elems: &[ScalarType]) -> bool {
    types.lanes_of(t) == Some(lanes) && types.scalar_of(t).is_some_and(|s| elems.contains(&s))
}
