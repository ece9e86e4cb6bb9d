//! Animated GIFs: one palette for all frames, and each frame only the rectangle that
//! changed (shared by the Xiangqi and Go pictures).

use std::collections::HashMap;

use tiny_skia::Pixmap;

use crate::theme::Rgba;

/// The palette index GIF frames use for "unchanged from the last frame".
const TRANSPARENT: u8 = 255;

/// The opaque RGB bytes of a drawn picture (the board covers every pixel).
pub(super) fn rgb(pixmap: &Pixmap) -> Vec<u8> {
    let mut out = Vec::with_capacity(pixmap.pixels().len() * 3);
    for p in pixmap.pixels() {
        let c = p.demultiply();
        out.extend_from_slice(&[c.red(), c.green(), c.blue()]);
    }
    out
}

/// An animated GIF of `count` frames drawn by `frame`, `delay_secs` apart, the last held
/// three times as long (at least 2 s), looping; one palette made from `samples` (frames
/// that show every colour), and each frame only the rectangle that changed.
pub(super) fn animate(
    (width, height): (u32, u32),
    samples: &[Pixmap],
    flat: &[Rgba],
    count: usize,
    delay_secs: f32,
    mut frame: impl FnMut(usize) -> Pixmap,
) -> Vec<u8> {
    let mut palette = Palette::from_frames(samples, flat);
    let mut out = Vec::new();
    {
        let mut encoder = gif::Encoder::new(&mut out, width as u16, height as u16, &palette.rgb)
            .expect("GIF header to memory");
        encoder
            .set_repeat(gif::Repeat::Infinite)
            .expect("GIF loop to memory");
        let delay = (delay_secs.max(0.02) * 100.0).round() as u16;
        let mut previous: Vec<u8> = Vec::new();
        for i in 0..count {
            let indices = palette.indices(&frame(i));
            let mut gif_frame = delta_frame(&previous, &indices, width, height);
            // The last frame is held, so the final position can be seen.
            gif_frame.delay = if i + 1 == count {
                (delay * 3).max(200)
            } else {
                delay
            };
            encoder
                .write_frame(&gif_frame)
                .expect("GIF frame to memory");
            previous = indices;
        }
    }
    out
}

/// One palette for every frame of a GIF, and the colour-to-index lookups made so far.
struct Palette {
    quant: color_quant::NeuQuant,
    /// 256 RGB entries.
    rgb: Vec<u8>,
    lookup: HashMap<[u8; 3], u8>,
}

impl Palette {
    /// A palette for `frames`, with an exact entry for each of the theme's flat colours:
    /// the marks cover few pixels and would otherwise get a near, muddy colour.
    fn from_frames(frames: &[Pixmap], flat: &[Rgba]) -> Palette {
        let mut sample: Vec<u8> = frames.iter().flat_map(rgb).collect();
        for c in flat {
            for _ in 0..4000 {
                sample.extend([c.0, c.1, c.2]);
            }
        }
        let rgba: Vec<u8> = sample
            .chunks_exact(3)
            .flat_map(|c| [c[0], c[1], c[2], 255])
            .collect();
        let quant = color_quant::NeuQuant::new(10, 255, &rgba);
        let mut rgb = quant.color_map_rgb();
        rgb.resize(256 * 3, 0);
        Palette {
            quant,
            rgb,
            lookup: HashMap::new(),
        }
    }

    /// Each pixel's palette index.
    fn indices(&mut self, frame: &Pixmap) -> Vec<u8> {
        frame
            .pixels()
            .iter()
            .map(|p| {
                let c = p.demultiply();
                let key = [c.red(), c.green(), c.blue()];
                *self
                    .lookup
                    .entry(key)
                    .or_insert_with(|| self.quant.index_of(&[key[0], key[1], key[2], 255]) as u8)
            })
            .collect()
    }
}

/// The frame that turns `previous` into `indices`: only the changed rectangle, with its
/// unchanged pixels transparent (they compress to almost nothing). The first frame is
/// whole.
fn delta_frame(previous: &[u8], indices: &[u8], width: u32, height: u32) -> gif::Frame<'static> {
    let region = if previous.is_empty() {
        Some((0, 0, width, height))
    } else {
        changed(previous, indices, width, height)
    };
    let (left, top, w, h) = region.unwrap_or((0, 0, 1, 1));
    let mut buffer = Vec::with_capacity((w * h) as usize);
    for y in top..top + h {
        for x in left..left + w {
            let at = (y * width + x) as usize;
            let same = !previous.is_empty() && previous[at] == indices[at];
            buffer.push(if same { TRANSPARENT } else { indices[at] });
        }
    }
    gif::Frame {
        left: left as u16,
        top: top as u16,
        width: w as u16,
        height: h as u16,
        dispose: gif::DisposalMethod::Keep,
        transparent: Some(TRANSPARENT),
        buffer: buffer.into(),
        ..gif::Frame::default()
    }
}

/// The smallest rectangle holding every pixel that differs, as (left, top, w, h).
fn changed(a: &[u8], b: &[u8], width: u32, height: u32) -> Option<(u32, u32, u32, u32)> {
    let (mut x0, mut y0, mut x1, mut y1) = (width, height, 0, 0);
    for y in 0..height {
        let row = (y * width) as usize..((y + 1) * width) as usize;
        let (ra, rb) = (&a[row.clone()], &b[row]);
        if ra == rb {
            continue;
        }
        let first = ra.iter().zip(rb).position(|(p, q)| p != q).unwrap_or(0) as u32;
        let last = ra.iter().zip(rb).rposition(|(p, q)| p != q).unwrap_or(0) as u32;
        x0 = x0.min(first);
        x1 = x1.max(last);
        y0 = y0.min(y);
        y1 = y1.max(y);
    }
    (x0 <= x1).then(|| (x0, y0, x1 - x0 + 1, y1 - y0 + 1))
}
