//! DWARF type entries for IR types: OpenCL C's scalar names, vectors as GNU vector arrays,
//! arrays, pointers, and structures (whose fields the IR does not name: `f0`, `f1`, ...).

use std::collections::HashMap;

use cranelift_codegen::gimli::write::{AttributeValue, Unit, UnitEntryId};
use cranelift_codegen::gimli::{self, DwAte};
use oclc_ir::{ScalarType, Type, TypeId, TypeTable};

/// Makes (once per type) the type entries of one compilation unit.
pub(super) struct TypeEntries<'t> {
    types: &'t TypeTable,
    done: HashMap<TypeId, Option<UnitEntryId>>,
    scalars: HashMap<ScalarType, UnitEntryId>,
    index_type: Option<UnitEntryId>,
}

/// The DWARF encoding of a scalar type.
fn encoding(s: ScalarType) -> DwAte {
    if s == ScalarType::Bool {
        gimli::DW_ATE_boolean
    } else if s.is_float() {
        gimli::DW_ATE_float
    } else if s.is_signed() {
        gimli::DW_ATE_signed
    } else {
        gimli::DW_ATE_unsigned
    }
}

impl<'t> TypeEntries<'t> {
    /// Entries for the types of `types`.
    pub fn new(types: &'t TypeTable) -> Self {
        TypeEntries {
            types,
            done: HashMap::new(),
            scalars: HashMap::new(),
            index_type: None,
        }
    }

    /// The entry of `ty` (`None` for void), made under the unit's root on first use.
    pub fn entry(&mut self, unit: &mut Unit, ty: TypeId) -> Option<UnitEntryId> {
        if let Some(e) = self.done.get(&ty) {
            return *e;
        }
        let e = self.make(unit, ty);
        self.done.insert(ty, e);
        e
    }

    /// The entry of scalar type `s`.
    fn scalar(&mut self, unit: &mut Unit, s: ScalarType) -> UnitEntryId {
        *self.scalars.entry(s).or_insert_with(|| {
            Self::base(
                unit,
                oclc_ir::library::opencl_type_name(s),
                s.size() as u64,
                encoding(s),
            )
        })
    }

    fn base(unit: &mut Unit, name: &str, size: u64, enc: DwAte) -> UnitEntryId {
        let root = unit.root();
        let id = unit.add(root, gimli::DW_TAG_base_type);
        let e = unit.get_mut(id);
        e.set(gimli::DW_AT_name, AttributeValue::String(name.into()));
        e.set(gimli::DW_AT_byte_size, AttributeValue::Udata(size));
        e.set(gimli::DW_AT_encoding, AttributeValue::Encoding(enc));
        id
    }

    /// An array of `count` elements of `elem` (a GNU vector when `vector`).
    fn array(
        &mut self,
        unit: &mut Unit,
        elem: Option<UnitEntryId>,
        count: u64,
        vector: bool,
    ) -> UnitEntryId {
        let index = *self.index_type.get_or_insert_with(|| {
            Self::base(unit, "__ARRAY_SIZE_TYPE__", 8, gimli::DW_ATE_unsigned)
        });
        let root = unit.root();
        let id = unit.add(root, gimli::DW_TAG_array_type);
        if let Some(elem) = elem {
            unit.get_mut(id)
                .set(gimli::DW_AT_type, AttributeValue::UnitRef(elem));
        }
        if vector {
            unit.get_mut(id)
                .set(gimli::DW_AT_GNU_vector, AttributeValue::Flag(true));
        }
        let range = unit.add(id, gimli::DW_TAG_subrange_type);
        let r = unit.get_mut(range);
        r.set(gimli::DW_AT_type, AttributeValue::UnitRef(index));
        r.set(gimli::DW_AT_count, AttributeValue::Udata(count));
        id
    }

    fn make(&mut self, unit: &mut Unit, ty: TypeId) -> Option<UnitEntryId> {
        let types = self.types;
        let size = types.layout(ty).size;
        Some(match types.get(ty) {
            Type::Void => return None,
            Type::Scalar(s) => self.scalar(unit, *s),
            Type::Vector { elem, lanes } => {
                let e = self.scalar(unit, *elem);
                let id = self.array(unit, Some(e), *lanes as u64, true);
                unit.get_mut(id)
                    .set(gimli::DW_AT_byte_size, AttributeValue::Udata(size));
                id
            }
            Type::Array { elem, len } => {
                let e = self.entry(unit, *elem);
                self.array(unit, e, *len as u64, false)
            }
            Type::Pointer { pointee, .. } => {
                let target = self.entry(unit, *pointee);
                let root = unit.root();
                let id = unit.add(root, gimli::DW_TAG_pointer_type);
                let e = unit.get_mut(id);
                e.set(gimli::DW_AT_byte_size, AttributeValue::Udata(8));
                if let Some(t) = target {
                    e.set(gimli::DW_AT_type, AttributeValue::UnitRef(t));
                }
                id
            }
            Type::Struct { name, fields, .. } => {
                let (offsets, _) = types.struct_layout(ty);
                let root = unit.root();
                let id = unit.add(root, gimli::DW_TAG_structure_type);
                let e = unit.get_mut(id);
                e.set(
                    gimli::DW_AT_name,
                    AttributeValue::String(name.as_bytes().to_vec()),
                );
                e.set(gimli::DW_AT_byte_size, AttributeValue::Udata(size));
                for (i, (f, off)) in fields.iter().zip(offsets).enumerate() {
                    let fty = self.entry(unit, *f);
                    let m = unit.add(id, gimli::DW_TAG_member);
                    let e = unit.get_mut(m);
                    e.set(
                        gimli::DW_AT_name,
                        AttributeValue::String(format!("f{i}").into_bytes()),
                    );
                    e.set(
                        gimli::DW_AT_data_member_location,
                        AttributeValue::Udata(off),
                    );
                    if let Some(t) = fty {
                        e.set(gimli::DW_AT_type, AttributeValue::UnitRef(t));
                    }
                }
                id
            }
            // Opaque handles: a pointer to nothing.
            Type::Image { .. } | Type::Sampler => {
                let root = unit.root();
                let id = unit.add(root, gimli::DW_TAG_pointer_type);
                unit.get_mut(id)
                    .set(gimli::DW_AT_byte_size, AttributeValue::Udata(8));
                id
            }
        })
    }
}
