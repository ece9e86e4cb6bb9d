//! Synthesises the game's sounds into `sounds/*.wav` (16-bit mono, 22.05 kHz), so they are
//! original and anyone can rebuild them: `cargo run --example make-sounds`.
//!
//! Wooden knocks are damped partials plus a short noise burst; signals are short tones.

use std::f32::consts::TAU;
use std::path::Path;

const RATE: u32 = 22_050;

/// A fixed pseudo-random source for the noise bursts (same files on every run).
struct Noise(u32);

impl Noise {
    fn next(&mut self) -> f32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 17;
        self.0 ^= self.0 << 5;
        (self.0 as f32 / u32::MAX as f32) * 2.0 - 1.0
    }
}

fn samples(seconds: f32) -> usize {
    (seconds * RATE as f32) as usize
}

/// A knock: inharmonic partials of a wooden block, each decaying exponentially.
fn knock(out: &mut [f32], start: f32, pitch: f32, decay: f32, gain: f32) {
    let partials = [(1.0, 1.0), (2.76, 0.45), (5.4, 0.2), (8.93, 0.08)];
    let mut noise = Noise(0x1234_5678);
    let first = samples(start);
    for (i, s) in out.iter_mut().enumerate().skip(first) {
        let t = (i - first) as f32 / RATE as f32;
        let mut v = 0.0;
        for (ratio, amp) in partials {
            v += amp * (TAU * pitch * ratio * t).sin() * (-t * decay * ratio.sqrt()).exp();
        }
        // The contact click: a few milliseconds of noise.
        v += 0.6 * noise.next() * (-t * 900.0).exp();
        *s += gain * v;
    }
}

/// A tone with a soft attack and release.
fn tone(out: &mut [f32], start: f32, length: f32, freq: f32, gain: f32) {
    let (first, n) = (samples(start), samples(length));
    for i in 0..n.min(out.len().saturating_sub(first)) {
        let t = i as f32 / RATE as f32;
        let env = (t / 0.01).min(1.0) * ((length - t) / 0.06).clamp(0.0, 1.0);
        let v = (TAU * freq * t).sin() + 0.3 * (TAU * 2.0 * freq * t).sin();
        out[first + i] += gain * env * v;
    }
}

fn write_wav(path: &Path, signal: &[f32]) -> std::io::Result<()> {
    let peak = signal.iter().fold(0.0f32, |m, v| m.max(v.abs())).max(1e-6);
    let scale = 0.8 / peak;
    let data: Vec<u8> = signal
        .iter()
        .map(|v| ((v * scale).clamp(-1.0, 1.0) * f32::from(i16::MAX)) as i16)
        .flat_map(i16::to_le_bytes)
        .collect();
    let mut wav = Vec::with_capacity(44 + data.len());
    wav.extend_from_slice(b"RIFF");
    wav.extend_from_slice(&(36u32 + data.len() as u32).to_le_bytes());
    wav.extend_from_slice(b"WAVEfmt ");
    wav.extend_from_slice(&16u32.to_le_bytes());
    wav.extend_from_slice(&1u16.to_le_bytes()); // PCM
    wav.extend_from_slice(&1u16.to_le_bytes()); // mono
    wav.extend_from_slice(&RATE.to_le_bytes());
    wav.extend_from_slice(&(RATE * 2).to_le_bytes());
    wav.extend_from_slice(&2u16.to_le_bytes());
    wav.extend_from_slice(&16u16.to_le_bytes());
    wav.extend_from_slice(b"data");
    wav.extend_from_slice(&(data.len() as u32).to_le_bytes());
    wav.extend_from_slice(&data);
    std::fs::write(path, wav)
}

fn main() -> std::io::Result<()> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("sounds");
    std::fs::create_dir_all(&dir)?;
    let sounds: [(&str, f32, fn(&mut [f32])); 7] = [
        ("select", 0.08, |s| knock(s, 0.0, 1400.0, 60.0, 0.5)),
        ("move", 0.18, |s| knock(s, 0.0, 520.0, 28.0, 1.0)),
        ("capture", 0.28, |s| {
            knock(s, 0.0, 430.0, 22.0, 1.0);
            knock(s, 0.045, 610.0, 30.0, 0.8);
        }),
        ("check", 0.45, |s| {
            knock(s, 0.0, 520.0, 28.0, 0.8);
            tone(s, 0.08, 0.14, 880.0, 0.5);
            tone(s, 0.24, 0.18, 1175.0, 0.5);
        }),
        ("game-over", 1.1, |s| {
            for (i, f) in [523.25, 659.25, 783.99, 1046.5].into_iter().enumerate() {
                tone(s, i as f32 * 0.12, 1.1 - i as f32 * 0.12, f, 0.35);
            }
        }),
        ("illegal", 0.22, |s| {
            tone(s, 0.0, 0.09, 196.0, 0.6);
            tone(s, 0.11, 0.1, 185.0, 0.6);
        }),
        ("undo", 0.16, |s| {
            knock(s, 0.0, 900.0, 45.0, 0.5);
            knock(s, 0.05, 700.0, 45.0, 0.4);
        }),
    ];
    for (name, seconds, synth) in sounds {
        let mut signal = vec![0.0; samples(seconds)];
        synth(&mut signal);
        let path = dir.join(format!("{name}.wav"));
        write_wav(&path, &signal)?;
        println!("{}", path.display());
    }
    Ok(())
}
