//! The Brook+-shaped Rust API: compile a .br file with `oclc::brook`, then use
//! runtime-lite's `Stream` (read/write, error()/errorLog()) and `call_kernel` on the CPU,
//! checked against the outputs the guide prints (A.3.3.2) and hand-computed sums.

mod common;

use common::root;
use oclc::brook::{lower_brook, runtime_kernel};
use oclc::driver::Stages;
use oclc::CompileOptions;
use oclc_frontend::brook::BrookOptions;
use oclc_runtime_lite::brook::{call_kernel, BrookArg, CpuBrookDevice, Stream};
use oclc_runtime_lite::Program;

fn load(name: &str) -> (oclc::brook::BrookFrontend, Program) {
    let path = root().join("samples/brook").join(name);
    let (front, lowered) = lower_brook(
        &path,
        &CompileOptions::default(),
        &BrookOptions::default(),
        &mut Stages::default(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    (front, Program::new(lowered.module).unwrap())
}

#[test]
fn streams_resize_and_report_through_error_log() {
    let (front, program) = load("copy.br");
    let copy = runtime_kernel(front.kernels.iter().find(|k| k.name == "copy").unwrap()).unwrap();
    let mut dev = CpuBrookDevice {
        program: &program,
        threads: None,
    };
    let src = Stream::from_f32(&[10], &(0..10).map(|i| i as f32).collect::<Vec<_>>());
    let mut dst = Stream::new(4, &[5]);
    call_kernel(
        &mut dev,
        &copy,
        &mut [BrookArg::Stream(&src), BrookArg::Out(&mut dst)],
    )
    .unwrap();
    // A.3.3.2 prints 0.0 2.0 4.0 6.0 8.0.
    assert_eq!(dst.to_f32(), vec![0.0, 2.0, 4.0, 6.0, 8.0]);
    assert!(!dst.error());
    assert!(dst.error_log().contains("An implicit resize is done"));
    // A rank mismatch is an A.8 error recorded on the output stream.
    let flat = Stream::new(4, &[2, 5]);
    let err = call_kernel(
        &mut dev,
        &copy,
        &mut [BrookArg::Stream(&flat), BrookArg::Out(&mut dst)],
    );
    assert!(err.is_err());
    assert!(dst.error());
    assert!(dst
        .error_log()
        .contains("input stream rank doesn't match with first output rank"));
}

#[test]
fn reductions_into_scalars_and_smaller_streams() {
    let (front, program) = load("reductions.br");
    let find =
        |n: &str| runtime_kernel(front.kernels.iter().find(|k| k.name == n).unwrap()).unwrap();
    let mut dev = CpuBrookDevice {
        program: &program,
        threads: Some(2),
    };
    // 0 + 1 + ... + 4095 = 8386560; every partial sum stays below 2^24, so f32 is exact.
    let values: Vec<f32> = (0..4096).map(|i| i as f32).collect();
    let s = Stream::from_f32(&[64, 64], &values);
    let mut total = vec![0u8; 4];
    call_kernel(
        &mut dev,
        &find("sum"),
        &mut [BrookArg::Stream(&s), BrookArg::Scalar(&mut total)],
    )
    .unwrap();
    assert_eq!(
        f32::from_le_bytes([total[0], total[1], total[2], total[3]]),
        8386560.0
    );
    // max over 1x8 strips of a 64x64 stream: element (i, k) = 64 i + 8 k + 7.
    let mut maxes = Stream::new(4, &[64, 8]);
    call_kernel(
        &mut dev,
        &find("max_reduce"),
        &mut [BrookArg::Stream(&s), BrookArg::Out(&mut maxes)],
    )
    .unwrap();
    let m = maxes.to_f32();
    for i in 0..64 {
        for k in 0..8 {
            assert_eq!(m[i * 8 + k], (64 * i + 8 * k + 7) as f32);
        }
    }
}
