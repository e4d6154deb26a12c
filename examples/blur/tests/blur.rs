//! The kernels compiled by build.rs, run through their typed launchers on the CPU (the
//! linked object) and on Vulkan (lavapipe or a GPU, where there is one), against the same
//! computations in plain Rust.

use blur::kernels;
use oclc_runtime_lite::embed::{Buffer, Device, Local, NDRange};

const WIDTH: usize = 64;
const HEIGHT: usize = 8;

/// An image of small integers (sums of them are exact in f32).
fn image() -> Vec<f32> {
    (0..WIDTH * HEIGHT).map(|i| ((i * 7) % 13) as f32).collect()
}

fn blur_on(device: &Device) -> Vec<f32> {
    let src = Buffer::from_slice(&image()).unwrap();
    let mut dst = Buffer::<f32>::zeroed(WIDTH * HEIGHT).unwrap();
    let range = NDRange {
        work_dim: 2,
        global: [WIDTH as u64, HEIGHT as u64, 1],
        local: None,
        offset: [0; 3],
    };
    kernels::blur_rows(device, &range, &src, &mut dst, WIDTH as u32, 0.5).unwrap();
    dst.to_vec()
}

fn group_sums_on(device: &Device) -> Vec<f32> {
    let values = Buffer::from_slice(&image()).unwrap();
    let mut sums = Buffer::<f32>::zeroed(WIDTH * HEIGHT / 64).unwrap();
    let range = NDRange::d1((WIDTH * HEIGHT) as u64, None);
    kernels::group_sums(device, &range, &values, &mut sums, Local::new(64)).unwrap();
    sums.to_vec()
}

#[test]
fn cpu_object_matches_rust() {
    let device = Device::cpu();
    // The CPU object computes the same float operations in the same order: equal bits.
    assert_eq!(
        blur_on(&device),
        blur::blur_rows_reference(&image(), WIDTH, 0.5)
    );
    assert_eq!(group_sums_on(&device), blur::group_sums_reference(&image()));
}

#[test]
fn reqd_work_group_size_is_a_constant() {
    assert_eq!(kernels::GROUP_SUMS_REQD_WORK_GROUP_SIZE, Some([64, 1, 1]));
    assert_eq!(kernels::BLUR_ROWS_REQD_WORK_GROUP_SIZE, None);
    // The Vulkan module is a SPIR-V module (magic number first).
    assert_eq!(kernels::BLUR_ROWS_VULKAN_SPIRV[0], 0x0723_0203);
}

#[test]
fn cpu_launch_errors_are_reported() {
    // group_sums needs work-groups of 64: the object's entry refuses 32.
    let values = Buffer::from_slice(&image()).unwrap();
    let mut sums = Buffer::<f32>::zeroed(16).unwrap();
    let range = NDRange::d1((WIDTH * HEIGHT) as u64, Some(32));
    let err = kernels::group_sums(&Device::cpu(), &range, &values, &mut sums, Local::new(64))
        .unwrap_err();
    assert!(err.0.contains("reqd_work_group_size"), "{err}");
}

#[test]
fn vulkan_matches_rust() {
    let device = match Device::vulkan() {
        Ok(d) => d,
        Err(e) => {
            eprintln!("skipped: no Vulkan device ({e})");
            return;
        }
    };
    // Vulkan's OpFDiv may be off by 2.5 ulp: compare within 3 ulp.
    let want = blur::blur_rows_reference(&image(), WIDTH, 0.5);
    for (i, (got, want)) in blur_on(&device).iter().zip(&want).enumerate() {
        let ulp = (want.abs() * f32::EPSILON).max(f32::MIN_POSITIVE);
        assert!(
            (got - want).abs() <= 3.0 * ulp,
            "pixel {i}: {got} on {}, {want} in Rust",
            device.name()
        );
    }
    assert_eq!(group_sums_on(&device), blur::group_sums_reference(&image()));
}
