//! How a front-end struct's C layout becomes an IR struct. The front end computes each
//! member's offset with every attribute applied (`packed`, `aligned(N)` on the struct, its
//! members or their typedefs); the IR struct reproduces exactly those offsets and that
//! size: a plain IR struct when natural C layout gives them, `u8` padding arrays where an
//! `aligned(N)` moved a member or grew the size, and a packed IR struct when a member sits
//! below its natural alignment (`packed`, `#pragma pack(N)`), with the C alignment as far as
//! its members' natural alignments reach (accesses to its members rely on it and their
//! offsets). A struct whose alignment was only raised keeps a lower IR alignment: its
//! offsets and size, all that lowering and the backends read, are the same.

use oclc_frontend::checked::StructLayout;
use oclc_ir::types::{ScalarType, TypeId, TypeTable};

/// An IR struct standing for a front-end one.
pub(crate) struct StructPlan {
    /// The IR fields: the members' types with padding arrays between them.
    pub fields: Vec<TypeId>,
    /// Whether the IR struct is packed, and its alignment then.
    pub packed: Option<u64>,
    /// The IR field index of each front-end member.
    pub index: Vec<u32>,
}

/// The IR struct laying out `layout`'s members (of IR types `member_tys`) at the front
/// end's offsets; `None` when none can (a member overlapping the one before it).
pub(crate) fn plan(
    t: &mut TypeTable,
    layout: &StructLayout,
    member_tys: &[TypeId],
) -> Option<StructPlan> {
    if !layout.packed {
        if let Some(p) = place(t, layout, member_tys, None) {
            return Some(p);
        }
    }
    // The C alignment, but no more than the members' own (an `aligned` attribute raising
    // the struct's is left out, as for plain structs).
    let natural = member_tys
        .iter()
        .map(|&ty| t.layout(ty).align)
        .max()
        .unwrap_or(1);
    let align = layout.align.min(natural).max(1);
    place(t, layout, member_tys, Some(align))
}

fn place(
    t: &mut TypeTable,
    layout: &StructLayout,
    member_tys: &[TypeId],
    packed: Option<u64>,
) -> Option<StructPlan> {
    let u8t = t.scalar(ScalarType::U8);
    let (mut fields, mut index, mut at) = (Vec::new(), Vec::new(), 0u64);
    for (f, &ty) in layout.fields.iter().zip(member_tys) {
        let l = t.layout(ty);
        let align = if packed.is_some() { 1 } else { l.align.max(1) };
        if f.offset < at || f.offset % align != 0 {
            return None;
        }
        if f.offset > at {
            fields.push(t.array(u8t, u32::try_from(f.offset - at).ok()?));
        }
        index.push(fields.len() as u32);
        fields.push(ty);
        at = f.offset + l.size;
    }
    if layout.size > at {
        fields.push(t.array(u8t, u32::try_from(layout.size - at).ok()?));
    }
    // Checked, not assumed: the IR's own layout rules must give the front end's offsets.
    let (offsets, l) = t.fields_layout(&fields, packed);
    let same = l.size == layout.size
        && layout
            .fields
            .iter()
            .zip(&index)
            .all(|(f, &i)| offsets[i as usize] == f.offset);
    same.then_some(StructPlan {
        fields,
        packed,
        index,
    })
}
