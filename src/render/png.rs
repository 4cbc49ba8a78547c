//! Writing the framebuffer as a PNG file (screenshots for tests and docs), with no window.

use super::frame::Frame;

fn crc32(data: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in data {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    let start = out.len();
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let crc = crc32(&out[start..]);
    out.extend_from_slice(&crc.to_be_bytes());
}

/// The frame as PNG bytes (8-bit RGB, rows top to bottom).
pub fn encode(frame: &Frame) -> Vec<u8> {
    encode_pixels(frame.w as usize, frame.h as usize, &frame.bytes, false)
}

/// RGBA pixels, rows top to bottom, as PNG bytes: with their alpha, or opaque (RGB).
pub fn encode_pixels(w: usize, h: usize, rgba: &[u8], alpha: bool) -> Vec<u8> {
    let channels = if alpha { 4 } else { 3 };
    let mut raw = Vec::with_capacity(h * (1 + w * channels));
    for y in 0..h {
        raw.push(0); // filter: none
        for px in rgba[y * w * 4..(y + 1) * w * 4].chunks_exact(4) {
            raw.extend_from_slice(&px[..channels]);
        }
    }
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut ihdr = Vec::with_capacity(13);
    ihdr.extend_from_slice(&(w as u32).to_be_bytes());
    ihdr.extend_from_slice(&(h as u32).to_be_bytes());
    // 8 bits, RGB or RGBA, deflate, no filter, no interlace.
    ihdr.extend_from_slice(&[8, if alpha { 6 } else { 2 }, 0, 0, 0]);
    chunk(&mut out, b"IHDR", &ihdr);
    chunk(
        &mut out,
        b"IDAT",
        &miniz_oxide::deflate::compress_to_vec_zlib(&raw, 9),
    );
    chunk(&mut out, b"IEND", &[]);
    out
}

/// Scales a frame up by a whole number, nearest neighbour (as the window shows it).
pub fn scaled(frame: &Frame, k: i32) -> Frame {
    let mut out = Frame::new(frame.w * k, frame.h * k);
    for y in 0..out.h {
        for x in 0..out.w {
            out.set(x, y, frame.pixel(x / k, y / k));
        }
    }
    out
}

pub fn write(frame: &Frame, path: &std::path::Path) -> std::io::Result<()> {
    std::fs::write(path, encode(frame))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc_matches_the_png_specification_example() {
        assert_eq!(crc32(b"IEND"), 0xAE42_6082);
    }

    #[test]
    fn png_starts_with_the_signature_and_holds_the_size() {
        let f = Frame::new(3, 2);
        let png = encode(&f);
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        assert_eq!(&png[16..24], &[0, 0, 0, 3, 0, 0, 0, 2]);
        assert!(png.ends_with(&[0xAE, 0x42, 0x60, 0x82]));
    }
}
