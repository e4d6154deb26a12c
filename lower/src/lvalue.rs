//! Storage locations: variables, dereferenced pointers, array elements and vector lanes.

use oclc_frontend::checked::{self as ck, CType};

use super::function::{Binding, FnLower};
use super::LowerError;
use oclc_ir::op::{Op, ValueId};

/// A lowered location.
pub enum Place {
    /// Memory at an address (an IR pointer value).
    Addr(ValueId),
    /// A parameter that is only read: its value.
    Value(ValueId),
    /// Some lanes of a vector location.
    Lanes {
        /// The whole vector's location.
        base: Box<Place>,
        /// IR type of the whole vector.
        vec_ty: oclc_ir::types::TypeId,
        /// Selected lanes in order.
        lanes: Vec<u8>,
    },
    /// One lane of a vector location chosen at run time (`v[i]`).
    Lane {
        /// The whole vector's location.
        base: Box<Place>,
        /// IR type of the whole vector.
        vec_ty: oclc_ir::types::TypeId,
        /// The lane index (`i64`).
        index: ValueId,
    },
}

impl FnLower<'_, '_> {
    /// Lowers a location to its address (or lanes of one).
    pub fn place(&mut self, lv: &ck::LValue) -> Result<Place, LowerError> {
        match &lv.kind {
            ck::LValueKind::Var(v) => match self.vars[v.0 as usize] {
                Some(Binding::Local(l)) => Ok(Place::Addr(self.b.local_addr(l))),
                Some(Binding::Value(val)) => Ok(Place::Value(val)),
                None => self.unsupported(lv.span, "variable used before its declaration"),
            },
            ck::LValueKind::Global(g) if super::builtins::image::is_sampler(&lv.ty) => {
                Ok(Place::Value(self.global_sampler(g.0, lv)?))
            }
            ck::LValueKind::Global(g) => {
                let id = oclc_ir::module::GlobalId(super::builtins::image::ir_global_index(
                    self.program,
                    g.0,
                ));
                let ty = self.sty(&lv.ty);
                let space = super::types::space(lv.space);
                let pty = self.types().pointer(space, ty);
                Ok(Place::Addr(self.b.emit(Op::GlobalAddr(id), pty)))
            }
            ck::LValueKind::Deref(e) => Ok(Place::Addr(self.expr(e)?)),
            ck::LValueKind::ArrayIndex { base, index } => {
                let base_place = self.place(base)?;
                let Place::Addr(base_addr) = base_place else {
                    return self.unsupported(lv.span, "indexing an array that is not in memory");
                };
                let i = self.expr(index)?;
                let i64t = self.types().scalar(oclc_ir::types::ScalarType::I64);
                let i = self.convert(i, i64t);
                let elem = self.sty(&lv.ty);
                let space = super::types::space(lv.space);
                let pty = self.types().pointer(space, elem);
                Ok(Place::Addr(self.b.emit(
                    Op::IndexAddr {
                        base: base_addr,
                        index: i,
                    },
                    pty,
                )))
            }
            ck::LValueKind::Field { base, field } => {
                let Place::Addr(base_addr) = self.place(base)? else {
                    return self.unsupported(lv.span, "member of a struct that is not in memory");
                };
                let fty = self.sty(&lv.ty);
                let space = super::types::space(lv.space);
                let pty = self.types().pointer(space, fty);
                if matches!(&base.ty, CType::Struct(s) if s.is_union()) {
                    // Every union member starts at the union's address.
                    let addr = self.b.emit(
                        Op::Bitcast {
                            value: base_addr,
                            to: pty,
                        },
                        pty,
                    );
                    return Ok(Place::Addr(addr));
                }
                let field = match &base.ty {
                    CType::Struct(s) => super::types::ir_field_index(self.types(), s, *field),
                    _ => *field,
                };
                Ok(Place::Addr(self.b.emit(
                    Op::FieldAddr {
                        base: base_addr,
                        field,
                    },
                    pty,
                )))
            }
            ck::LValueKind::VectorLane { base, index } => {
                let vec_ty = self.sty(&base.ty);
                let base = self.place(base)?;
                let i = self.expr(index)?;
                let i64t = self.types().scalar(oclc_ir::types::ScalarType::I64);
                let index = self.convert(i, i64t);
                Ok(Place::Lane {
                    base: Box::new(base),
                    vec_ty,
                    index,
                })
            }
            ck::LValueKind::Components { base, lanes } => {
                let vec_ty = self.sty(&base.ty);
                let base = self.place(base)?;
                // Lanes of lanes: compose the selections.
                if let Place::Lanes {
                    base: inner,
                    vec_ty: inner_ty,
                    lanes: outer,
                } = base
                {
                    let lanes = lanes.iter().map(|l| outer[*l as usize]).collect();
                    return Ok(Place::Lanes {
                        base: inner,
                        vec_ty: inner_ty,
                        lanes,
                    });
                }
                Ok(Place::Lanes {
                    base: Box::new(base),
                    vec_ty,
                    lanes: lanes.clone(),
                })
            }
        }
    }

    /// Reads a location holding a value of checked type `ty`.
    pub fn load_place(&mut self, place: &Place, ty: &CType) -> ValueId {
        match place {
            Place::Addr(p) => {
                let raw = self.b.load(*p);
                self.value_form(raw, ty)
            }
            Place::Value(v) => *v,
            Place::Lanes {
                base,
                vec_ty,
                lanes,
            } => {
                let whole = self.load_place(base, &CType::Void);
                let _ = vec_ty;
                self.select_lanes(whole, lanes)
            }
            Place::Lane {
                base,
                vec_ty,
                index,
            } => {
                let whole = self.load_place(base, &CType::Void);
                let width = self.types().lanes_of(*vec_ty).unwrap_or(1);
                let mut lane = self.select_lanes(whole, &[0]);
                for j in 1..width {
                    let is_j = self.lane_is(*index, j);
                    let other = self.select_lanes(whole, &[j]);
                    let ty = self.b.value_type(lane);
                    lane = self.b.emit(
                        Op::Select {
                            cond: is_j,
                            if_true: other,
                            if_false: lane,
                        },
                        ty,
                    );
                }
                lane
            }
        }
    }

    /// `index == lane` as a bool value (`index` is `i64`).
    fn lane_is(&mut self, index: ValueId, lane: u8) -> ValueId {
        let k = self.b.const_i64(i64::from(lane));
        let bool_ty = self.types().scalar(oclc_ir::types::ScalarType::Bool);
        self.b
            .emit(Op::Compare(oclc_ir::op::CmpOp::Eq, index, k), bool_ty)
    }

    /// Picks lanes of a vector value: one lane gives a scalar. A lane past the vector's
    /// width (the undefined `w` of a 3-component vector's `.hi`/`.odd`) reads lane 0.
    pub fn select_lanes(&mut self, whole: ValueId, lanes: &[u8]) -> ValueId {
        let wt = self.b.value_type(whole);
        let elem = self.types().scalar_of(wt).expect("lanes of a non-vector");
        let width = self.types().lanes_of(wt).unwrap_or(1);
        let lanes: Vec<u8> = lanes
            .iter()
            .map(|&l| if l < width { l } else { 0 })
            .collect();
        if lanes.len() == 1 {
            let st = self.types().scalar(elem);
            return self.b.emit(
                Op::Extract {
                    vector: whole,
                    lane: lanes[0],
                },
                st,
            );
        }
        let rt = self.types().vector(elem, lanes.len() as u8);
        self.b.emit(
            Op::Shuffle {
                a: whole,
                b: whole,
                lanes,
            },
            rt,
        )
    }

    /// Writes a value (already of the location's value type) to a location.
    pub fn store_place(
        &mut self,
        place: &Place,
        value: ValueId,
        ty: &CType,
        span: oclc_frontend::source::Span,
    ) -> Result<(), LowerError> {
        match place {
            Place::Addr(p) => {
                let stored = self.storage_form(value, ty);
                self.b.store(*p, stored);
                Ok(())
            }
            Place::Value(_) => {
                self.unsupported(span, "assignment to a read-only parameter binding")
            }
            Place::Lanes {
                base,
                vec_ty,
                lanes,
            } => {
                let mut whole = self.load_place(base, &CType::Void);
                let elem = self.types().scalar_of(*vec_ty).expect("vector");
                let st = self.types().scalar(elem);
                let width = self.types().lanes_of(*vec_ty).unwrap_or(1);
                for (i, lane) in lanes.iter().enumerate() {
                    if *lane >= width {
                        // The undefined `w` of a 3-component vector: the write goes nowhere.
                        continue;
                    }
                    let part = if lanes.len() == 1 {
                        value
                    } else {
                        self.b.emit(
                            Op::Extract {
                                vector: value,
                                lane: i as u8,
                            },
                            st,
                        )
                    };
                    whole = self.b.emit(
                        Op::Insert {
                            vector: whole,
                            lane: *lane,
                            value: part,
                        },
                        *vec_ty,
                    );
                }
                self.store_place(base, whole, &CType::Void, span)
            }
            Place::Lane {
                base,
                vec_ty,
                index,
            } => {
                let mut whole = self.load_place(base, &CType::Void);
                let width = self.types().lanes_of(*vec_ty).unwrap_or(1);
                for j in 0..width {
                    let is_j = self.lane_is(*index, j);
                    let old = self.select_lanes(whole, &[j]);
                    let ty = self.b.value_type(old);
                    let lane = self.b.emit(
                        Op::Select {
                            cond: is_j,
                            if_true: value,
                            if_false: old,
                        },
                        ty,
                    );
                    whole = self.b.emit(
                        Op::Insert {
                            vector: whole,
                            lane: j,
                            value: lane,
                        },
                        *vec_ty,
                    );
                }
                self.store_place(base, whole, &CType::Void, span)
            }
        }
    }
}
