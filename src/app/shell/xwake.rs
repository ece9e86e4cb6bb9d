//! A click must never wait for the next one. On X11, winit checks Xlib's event queue
//! and then sleeps on the connection's socket. The window sleeps for as long as nothing
//! runs (no frame at all when idle), and the Vulkan driver's present thread (Mesa's
//! X11 WSI, waiting for the last frame's present to complete) reads the same socket:
//! when it reads a click between winit's check and winit's sleep, the click sits in
//! the queue and the socket is quiet, so the window slept through it until the next
//! input. Seen as a click never answered under Xvfb; a player sees a click ignored
//! until the mouse moves.
//!
//! A watcher thread looks at the queue for a while after each frame (the only time the
//! present thread reads) and wakes the event loop when events sit in it unread across
//! two looks. Between frames and that while, it waits on a condition variable: an idle
//! window still uses no CPU at all.

use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::winit::{DisplayHandleWrapper, EventLoopProxyWrapper, WinitUserEvent};
use raw_window_handle::{HasDisplayHandle, RawDisplayHandle};

/// How long after a frame the queue is watched: a present under Xvfb completes at its
/// fake screen's rate (1 Hz), on a real screen within a refresh.
const WATCH: Duration = Duration::from_secs(3);
/// How often it looks while watching.
const LOOK: Duration = Duration::from_millis(40);

/// When the last frame ran, shared with the watcher.
#[derive(Resource, Clone)]
struct Frames(Arc<(Mutex<Option<Instant>>, Condvar)>);

pub(crate) fn plugin(app: &mut App) {
    let (Some(display), Some(proxy)) = (
        app.world().get_resource::<DisplayHandleWrapper>(),
        app.world().get_resource::<EventLoopProxyWrapper>(),
    ) else {
        return;
    };
    let Ok(handle) = display.display_handle() else {
        return;
    };
    let RawDisplayHandle::Xlib(xlib) = handle.as_raw() else {
        return;
    };
    let Some(dpy) = xlib.display else {
        return;
    };
    let Ok(lib) = x11_dl::xlib::Xlib::open() else {
        return;
    };
    let frames = Frames(Arc::default());
    // The handle's clone keeps the X connection open as long as the thread lives.
    let keep = display.0.clone();
    let proxy = (**proxy).clone();
    let shared = frames.clone();
    let dpy = Dpy(dpy.as_ptr().cast());
    let spawned = std::thread::Builder::new()
        .name("x11 wake".into())
        .spawn(move || {
            let _keep = keep;
            watch(
                &shared,
                || dpy.queued(&lib),
                || proxy.send_event(WinitUserEvent::WakeUp).is_ok(),
            );
        });
    if spawned.is_ok() {
        app.insert_resource(frames).add_systems(Last, note_frame);
    }
}

/// Xlib's `QueuedAfterReading` (X11/Xlib.h), which x11-dl does not name.
const QUEUED_AFTER_READING: i32 = 1;

/// The connection's `Display*`, handed to the watcher.
struct Dpy(*mut x11_dl::xlib::Display);

// SAFETY: winit opens the connection after `XInitThreads`, so Xlib locks the display
// around each call; the connection stays open while the watcher holds its handle.
unsafe impl Send for Dpy {}

impl Dpy {
    /// Events read from the socket and not yet taken by winit. `QueuedAfterReading`
    /// also moves what xcb already read into Xlib's queue, where winit's next look
    /// finds it; it never blocks.
    fn queued(&self, lib: &x11_dl::xlib::Xlib) -> i32 {
        // SAFETY: see `Send` above; the call takes Xlib's display lock.
        unsafe { (lib.XEventsQueued)(self.0, QUEUED_AFTER_READING) }
    }
}

fn note_frame(frames: Res<Frames>) {
    let (last, ready) = &*frames.0;
    *last
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(Instant::now());
    ready.notify_one();
}

/// Waits for frames; for `WATCH` after each, wakes the loop when events stay queued
/// across two looks. Returns when the loop is gone.
fn watch(frames: &Frames, mut queued: impl FnMut() -> i32, mut wake: impl FnMut() -> bool) {
    let (last, ready) = &*frames.0;
    let mut waiting = false;
    loop {
        let since = {
            let mut guard = last
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            // Asleep until a frame runs: nothing to watch.
            while guard.is_none_or(|at| at.elapsed() > WATCH) {
                *guard = None;
                guard = ready
                    .wait(guard)
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
            }
            *guard
        };
        std::thread::sleep(LOOK);
        let stuck = queued() > 0;
        if stuck && waiting {
            debug!(
                "X events left unread after {:?}: waking the loop",
                since.map(|s| s.elapsed())
            );
            if !wake() {
                return;
            }
        }
        waiting = stuck && !waiting;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicI32, AtomicU32, Ordering};

    #[test]
    fn events_left_in_the_queue_wake_the_loop_and_a_drained_queue_does_not() {
        let frames = Frames(Arc::default());
        let queue = Arc::new(AtomicI32::new(0));
        let wakes = Arc::new(AtomicU32::new(0));
        let thread = {
            let (frames, queue, wakes) = (frames.clone(), queue.clone(), wakes.clone());
            std::thread::spawn(move || {
                watch(
                    &frames,
                    || queue.load(Ordering::SeqCst),
                    || {
                        // Stop after the third wake: the loop is gone.
                        wakes.fetch_add(1, Ordering::SeqCst) < 2
                    },
                );
            })
        };
        let frame = || {
            *frames.0.0.lock().unwrap() = Some(Instant::now());
            frames.0.1.notify_one();
        };
        // A frame, nothing queued: no wake.
        frame();
        std::thread::sleep(LOOK * 5);
        assert_eq!(wakes.load(Ordering::SeqCst), 0);
        // A click left in the queue: woken within two looks.
        queue.store(1, Ordering::SeqCst);
        std::thread::sleep(LOOK * 4);
        assert!(wakes.load(Ordering::SeqCst) >= 1);
        queue.store(0, Ordering::SeqCst);
        let seen = wakes.load(Ordering::SeqCst);
        std::thread::sleep(LOOK * 4);
        assert_eq!(
            wakes.load(Ordering::SeqCst),
            seen,
            "a drained queue wakes nothing"
        );
        // Until the loop is gone.
        queue.store(1, Ordering::SeqCst);
        frame();
        thread.join().unwrap();
        assert_eq!(wakes.load(Ordering::SeqCst), 3);
    }
}
