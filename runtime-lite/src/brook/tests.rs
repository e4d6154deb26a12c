//! Runtime checks that need no kernel: shapes and A.8 errors.

use super::launch::xyz;
use super::*;

#[test]
fn shapes_are_fastest_first() {
    assert_eq!(xyz(&[10, 20]).unwrap(), [20, 10, 1]);
    assert_eq!(xyz(&[5]).unwrap(), [5, 1, 1]);
    assert!(xyz(&[1, 2, 3, 4]).is_err());
}

#[test]
fn stream_read_of_wrong_size_is_an_error() {
    let mut s = Stream::new(4, &[10]);
    s.read(&[0u8; 8]);
    assert!(s.error());
    assert!(s.error_log().contains("Stream Read"));
    let ok = Stream::from_f32(&[2], &[1.0, 2.0]);
    assert!(!ok.error());
    assert_eq!(ok.to_f32(), vec![1.0, 2.0]);
}
