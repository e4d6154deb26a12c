//! Blurs a small image with the kernel compiled at build time, on the CPU and (where there
//! is one) a Vulkan device, and checks it against plain Rust.

use blur::kernels;
use oclc_runtime_lite::embed::{Buffer, Device, NDRange};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let (width, height) = (64usize, 8usize);
    let image: Vec<f32> = (0..width * height).map(|i| (i % 13) as f32).collect();
    let want = blur::blur_rows_reference(&image, width, 0.5);
    let mut devices = vec![Device::cpu()];
    match Device::vulkan() {
        Ok(d) => devices.push(d),
        Err(e) => println!("no Vulkan device: {e}"),
    }
    for device in &devices {
        let src = Buffer::from_slice(&image)?;
        let mut dst = Buffer::<f32>::zeroed(image.len())?;
        let range = NDRange {
            work_dim: 2,
            global: [width as u64, height as u64, 1],
            local: None,
            offset: [0; 3],
        };
        kernels::blur_rows(device, &range, &src, &mut dst, width as u32, 0.5)?;
        let worst = dst
            .as_slice()
            .iter()
            .zip(&want)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0f32, f32::max);
        println!(
            "{}: blurred {width}x{height}, largest difference from Rust {worst}",
            device.name()
        );
    }
    Ok(())
}
