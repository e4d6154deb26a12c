//! Byte layout of stream elements as OpenCL C lays them out in `__global` buffers: scalars
//! and vectors are aligned to their size (3-component vectors take 4 components), struct
//! members sit at offsets aligned to their own alignment, and a struct's size is rounded up
//! to its largest member alignment.

use super::ast::StructDef;
use super::types::Ty;

/// Size and alignment in bytes of `ty`, with `structs` giving struct members; `None` for
/// `void` and unknown structs.
pub fn size_align(ty: &Ty, structs: &[StructDef]) -> Option<(usize, usize)> {
    match ty {
        Ty::Void => None,
        Ty::Prim { scalar, lanes } => {
            let stored = if *lanes == 3 { 4 } else { *lanes as usize };
            let size = scalar.size() as usize * stored;
            Some((size, size))
        }
        Ty::Struct(name) => {
            let def = structs.iter().find(|s| &s.name == name)?;
            let (mut offset, mut align) = (0usize, 1usize);
            for (member, _) in &def.fields {
                let (s, a) = size_align(member, structs)?;
                offset = offset.next_multiple_of(a) + s;
                align = align.max(a);
            }
            Some((offset.next_multiple_of(align), align))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::brook::types::Scalar;
    use crate::source::{FileId, Span};

    fn def(name: &str, fields: &[(Ty, &str)]) -> StructDef {
        StructDef {
            name: name.into(),
            fields: fields
                .iter()
                .map(|(t, n)| (t.clone(), n.to_string()))
                .collect(),
            span: Span::new(FileId(0), 0, 0),
        }
    }

    #[test]
    fn members_align_like_opencl_c() {
        // Hand-checked against the C rules: float2 at 0, float at 8, float4 at 16 -> 32.
        let f = |l| Ty::vector(Scalar::Float, l);
        let particle = def("P", &[(f(2), "pos"), (f(1), "mass"), (f(4), "vel")]);
        // float3 takes 16 bytes; char, pad 15, double2 (16), float3 (16) -> 48.
        let odd = def(
            "Q",
            &[
                (Ty::scalar(Scalar::Char), "c"),
                (Ty::vector(Scalar::Double, 2), "d"),
                (f(3), "v"),
            ],
        );
        let s = [particle, odd];
        assert_eq!(size_align(&Ty::Struct("P".into()), &s), Some((32, 16)));
        assert_eq!(size_align(&Ty::Struct("Q".into()), &s), Some((48, 16)));
        assert_eq!(size_align(&f(3), &s), Some((16, 16)));
        assert_eq!(size_align(&Ty::Struct("R".into()), &s), None);
    }
}
