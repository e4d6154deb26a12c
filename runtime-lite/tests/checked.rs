//! runtime-lite's check switch: a program compiled with `CpuOptions::checked` reports, through
//! `Program::take_defects`, the out-of-bounds reads of a launch whose buffer is shorter
//! than its range (hand-counted: work-items 8 to 15 read past the 8 floats of `a`), and
//! nothing for a correct launch; the in-bounds results are those of the unchecked program.

mod common;

use common::{bytes_to_f32s, f32s_to_bytes};
use oclc_backend_cpu::check::site::{CheckObject, DefectKind};
use oclc_backend_cpu::CpuOptions;
use oclc_runtime_lite::{ArgValue, Buffer, NDRange, Program};

/// `c[i] = a[i] + b[i]`.
const VECADD: &str = r#"kernel @vecadd(%0 "a": ptr<global, f32> type "__global float *", %1 "b": ptr<global, f32> type "__global float *", %2 "c": ptr<global, f32> type "__global float *") -> void {
  %3: u64 = global_id 0
  %4: i64 = bitcast %3
  %5: ptr<global, f32> = ptr_offset %0, %4
  %6: f32 = load %5
  %7: ptr<global, f32> = ptr_offset %1, %4
  %8: f32 = load %7
  %9: f32 = add %6, %8
  %10: ptr<global, f32> = ptr_offset %2, %4
  store %10, %9
  return
}
"#;

fn launch(prog: &Program, a_len: usize) -> Vec<f32> {
    let a: Vec<f32> = (0..a_len).map(|i| i as f32).collect();
    let b: Vec<f32> = (0..16).map(|i| 100.0 * i as f32).collect();
    let mut bufs = vec![
        Buffer::from_bytes(&f32s_to_bytes(&a)).unwrap(),
        Buffer::from_bytes(&f32s_to_bytes(&b)).unwrap(),
        Buffer::new(64).unwrap(),
    ];
    let args = [
        ArgValue::Buffer(0),
        ArgValue::Buffer(1),
        ArgValue::Buffer(2),
    ];
    prog.launch(
        "vecadd",
        &args,
        &mut bufs,
        &NDRange::d1(16, Some(8)),
        Some(2),
    )
    .unwrap();
    bytes_to_f32s(bufs[2].as_bytes())
}

#[test]
fn checked_launch_reports_reads_past_a_buffer() {
    let module = oclc_ir::parse_module(VECADD).expect("parses");
    let checked = Program::with_options(module.clone(), CpuOptions::default().checked()).unwrap();
    let plain = Program::new(module).unwrap();
    assert_eq!(launch(&checked, 16), launch(&plain, 16));
    assert!(checked.take_defects().is_empty());
    let out = launch(&checked, 8);
    assert_eq!(&out[..8], &launch(&plain, 16)[..8]);
    let defects = checked.take_defects();
    assert_eq!(defects.len(), 1, "{defects:?}");
    let d = &defects[0];
    assert_eq!(d.site.kind, DefectKind::OutOfBoundsRead);
    assert_eq!(
        d.site.object,
        CheckObject::Param {
            index: 0,
            name: "a".into()
        }
    );
    assert_eq!(
        (d.count, d.object_size, d.first.group),
        (8, Some(32), [1, 0, 0])
    );
    assert_eq!(d.first.detail, 32 + 4 * d.first.local[0] as i64);
}
