//! Images through the runtime's Rust API (`Image`, `ArgValue::Image`/`Sampler`,
//! `Program::launch_with_images`), checked against hand-computed values.

use oclc_ir::{parse_module, ImageDim};
use oclc_runtime_lite::{ArgValue, Buffer, Image, ImageShape, NDRange, Program, RuntimeError};

const KERNEL: &str = r#"kernel @bilinear(%0 "img": image<2d, read>, %1 "s": sampler, %2 "out": ptr<global, f32x4>, %3 "dst": image<2d, write>) -> void {
  %4: f32 = const 1.25
  %5: f32x2 = splat %4
  %6: f32x4 = image_read %0, %1, %5
  store %2, %6
  %7: i32 = const 0
  %8: i32x2 = splat %7
  %9: void = image_write %3, %8, %6
  return
}
"#;

fn shape(width: usize, height: usize, order: u32, ty: u32) -> ImageShape {
    ImageShape {
        dim: ImageDim::D2,
        width,
        height,
        depth: 1,
        layers: 0,
        channel_order: order,
        channel_type: ty,
    }
}

const CL_R: u32 = 0x10B0;
const CL_RGBA: u32 = 0x10B5;
const CL_FLOAT: u32 = 0x10DE;
const CL_UNORM_INT8: u32 = 0x10D2;

#[test]
fn bilinear_read_and_write_through_the_api() {
    let prog = Program::new(parse_module(KERNEL).unwrap()).unwrap();
    // Texel (x, y) = x + 2 y.
    let texels: Vec<u8> = [0f32, 1.0, 2.0, 3.0]
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    let mut images = vec![
        Image::from_bytes(&shape(2, 2, CL_R, CL_FLOAT), &texels).unwrap(),
        Image::from_bytes(&shape(1, 1, CL_RGBA, CL_UNORM_INT8), &[9; 4]).unwrap(),
    ];
    let mut buffers = vec![Buffer::new(16).unwrap()];
    // Unnormalized, clamp-to-edge, linear: at (1.25, 1.25) the taps are 0 and 1 with
    // weight 0.75 on 1 in both dimensions: 0.75 * 1 + 0.75 * 2 = 2.25.
    let args = [
        ArgValue::Image(0),
        ArgValue::Sampler(0x22),
        ArgValue::Buffer(0),
        ArgValue::Image(1),
    ];
    prog.launch_with_images(
        "bilinear",
        &args,
        &mut buffers,
        &mut images,
        &NDRange::d1(1, None),
        Some(1),
    )
    .unwrap();
    let out: Vec<f32> = buffers[0]
        .as_bytes()
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    assert_eq!(out, [2.25, 0.0, 0.0, 1.0]);
    // 2.25 saturates to 255; alpha 1.0 is 255.
    assert_eq!(images[1].as_bytes(), [255, 0, 0, 255]);
}

#[test]
fn image_arguments_are_checked() {
    let prog = Program::new(parse_module(KERNEL).unwrap()).unwrap();
    let mut buffers = vec![Buffer::new(16).unwrap()];
    let args = [
        ArgValue::Image(0),
        ArgValue::Sampler(0x22),
        ArgValue::Buffer(0),
        ArgValue::Image(1),
    ];
    let err = prog
        .launch(
            "bilinear",
            &args,
            &mut buffers,
            &NDRange::d1(1, None),
            Some(1),
        )
        .unwrap_err();
    assert!(matches!(err, RuntimeError::NoSuchImage { .. }), "{err}");
    let wrong = [
        ArgValue::Buffer(0),
        ArgValue::Sampler(0x22),
        ArgValue::Buffer(0),
        ArgValue::Image(1),
    ];
    let err = prog
        .launch(
            "bilinear",
            &wrong,
            &mut buffers,
            &NDRange::d1(1, None),
            Some(1),
        )
        .unwrap_err();
    assert!(err.to_string().contains("expected an image"), "{err}");
    // Texel bytes must match the shape; unknown formats are refused.
    assert!(Image::from_bytes(&shape(2, 2, CL_R, CL_FLOAT), &[0; 15]).is_err());
    assert!(Image::from_bytes(&shape(1, 1, 0x10B1, CL_FLOAT), &[0; 4]).is_err());
}
