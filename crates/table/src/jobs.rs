//! One way to run work off the frame, for every game: a [`Job`] runs on a thread of its
//! own, keyed by what it was asked about; a system takes its answer when it comes, the
//! window is woken for it (it sleeps until input otherwise), a job asked again replaces
//! the one before (whose answer is dropped, never taken for the new question's), and a
//! job can be told to stop. A [`Stream`] is a job that tells what it finds as it finds
//! it (a review's positions, a file's games), then ends.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, SyncSender, TryRecvError, channel, sync_channel};
use std::sync::{Arc, Mutex};

use bevy::prelude::*;

/// Wakes the window, asleep until input, when an answer comes from a thread (none
/// headless: there the frames run on their own).
#[derive(Clone)]
pub struct Wake(Arc<Mutex<Option<WinitProxy>>>);

type WinitProxy = bevy::winit::EventLoopProxy<bevy::winit::WinitUserEvent>;

/// The window's waker, kept once the app starts: any system can start a job that
/// wakes the window without asking for it.
static WINDOW: Mutex<Option<WinitProxy>> = Mutex::new(None);

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Startup, remember_window);
}

fn remember_window(proxy: Option<Res<bevy::winit::EventLoopProxyWrapper>>) {
    if let (Ok(mut window), Some(proxy)) = (WINDOW.lock(), proxy) {
        *window = Some((**proxy).clone());
    }
}

impl Wake {
    /// The waker of the app's window (none headless).
    pub fn window() -> Wake {
        let proxy = WINDOW.lock().ok().and_then(|w| w.clone());
        Wake(Arc::new(Mutex::new(proxy)))
    }

    /// The window's waker (a system asks for `Option<Res<EventLoopProxyWrapper>>`).
    pub fn of(proxy: Option<Res<bevy::winit::EventLoopProxyWrapper>>) -> Wake {
        Wake(Arc::new(Mutex::new(proxy.map(|p| (**p).clone()))))
    }

    /// The window's waker, found in the world (an exclusive system).
    pub fn in_world(world: &World) -> Wake {
        let proxy = world.get_resource::<bevy::winit::EventLoopProxyWrapper>();
        Wake(Arc::new(Mutex::new(proxy.map(|p| (**p).clone()))))
    }

    /// Wakes the window.
    pub fn wake(&self) {
        if let Ok(proxy) = self.0.lock()
            && let Some(p) = proxy.as_ref()
        {
            let _ = p.send_event(bevy::winit::WinitUserEvent::WakeUp);
        }
    }
}

/// What [`Job::take`] finds.
#[derive(Debug, PartialEq, Eq)]
pub enum Taken<T> {
    /// Nothing asked, or the answer is still to come.
    Waiting,
    /// The answer, and the key it was asked with.
    Came(u64, T),
    /// The thread ended without an answer (it panicked): nothing will come.
    Lost,
}

/// A job on its thread (see the [module](self)); kept in a resource.
pub struct Job<T> {
    /// The key of the job asked last.
    asked: Option<u64>,
    /// In a mutex only for the resource's `Sync`.
    coming: Option<Mutex<Receiver<(u64, T)>>>,
    /// Set when the job is told to stop (a long job looks between its steps).
    cancel: Arc<AtomicBool>,
}

impl<T> Default for Job<T> {
    fn default() -> Self {
        Job {
            asked: None,
            coming: None,
            cancel: Arc::default(),
        }
    }
}

impl<T: Send + 'static> Job<T> {
    /// Whether an answer is still to come.
    pub fn busy(&self) -> bool {
        self.coming.is_some()
    }

    /// The key of the job asked last (its answer may have come).
    pub fn asked(&self) -> Option<u64> {
        self.asked
    }

    /// Runs `work` on a thread of its own for `key`, waking the window with its answer.
    /// A job still running is told to stop, and its answer will not be taken.
    pub fn start(
        &mut self,
        (key, wake): (u64, Wake),
        work: impl FnOnce(&AtomicBool) -> T + Send + 'static,
    ) {
        self.stop();
        let (send, receive) = channel();
        let cancel = Arc::new(AtomicBool::new(false));
        let told = Arc::clone(&cancel);
        std::thread::spawn(move || {
            let answer = work(&told);
            // The window may be gone, or the job replaced: then nobody is waiting.
            if send.send((key, answer)).is_ok() {
                wake.wake();
            }
        });
        self.asked = Some(key);
        self.coming = Some(Mutex::new(receive));
        self.cancel = cancel;
    }

    /// The answer, once it has come (then the job is done).
    pub fn take(&mut self) -> Taken<T> {
        let Some(coming) = &self.coming else {
            return Taken::Waiting;
        };
        let taken = match coming.lock().map(|r| r.try_recv()) {
            Ok(Ok((key, answer))) => Taken::Came(key, answer),
            Ok(Err(TryRecvError::Empty)) => return Taken::Waiting,
            Ok(Err(TryRecvError::Disconnected)) | Err(_) => Taken::Lost,
        };
        self.coming = None;
        taken
    }

    /// Forgets what was asked last: the same key may be asked again.
    pub fn forget(&mut self) {
        self.asked = None;
    }

    /// Tells the job running to stop; its answer is dropped.
    pub fn stop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
        self.coming = None;
    }
}

/// A job that says what it finds as it finds it, then ends (see the [module](self)):
/// its thread hands each piece to [`Say::say`], which wakes the window; a system takes
/// them with [`Stream::take`]. Stopped or dropped, the thread is told: its next `say` is
/// refused, and its work can end.
pub struct Stream<T> {
    /// In a mutex only for the resource's `Sync`.
    coming: Mutex<Receiver<T>>,
    cancel: Arc<AtomicBool>,
}

/// What [`Stream::take`] finds.
#[derive(Debug, PartialEq, Eq)]
pub enum Next<T> {
    /// A piece.
    Came(T),
    /// Nothing yet.
    Waiting,
    /// The work is done (or stopped, or it panicked): nothing more will come.
    Ended,
}

/// A stream's thread's way of saying what it found (see [`Stream`]).
pub struct Say<T> {
    send: Sending<T>,
    wake: Wake,
    cancel: Arc<AtomicBool>,
}

enum Sending<T> {
    Any(Sender<T>),
    Ahead(SyncSender<T>),
}

impl<T: Send> Say<T> {
    /// Hands `piece` over and wakes the window; `false` once nobody takes them (the
    /// stream stopped or dropped). With a bound, waits while that many are untaken.
    pub fn say(&self, piece: T) -> bool {
        if self.stopped() {
            return false;
        }
        let sent = match &self.send {
            Sending::Any(send) => send.send(piece).is_ok(),
            Sending::Ahead(send) => send.send(piece).is_ok(),
        };
        if sent {
            self.wake.wake();
        }
        sent
    }

    /// Whether the stream was told to stop.
    pub fn stopped(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// The flag the stream sets when it stops (for work that looks at one itself).
    pub fn cancelled(&self) -> &AtomicBool {
        &self.cancel
    }
}

impl<T: Send + 'static> Stream<T> {
    /// Runs `work` on a thread of its own; with `ahead`, at most that many pieces wait
    /// to be taken (a reader ahead of the frames waits for them).
    pub fn start(
        wake: Wake,
        ahead: Option<usize>,
        work: impl FnOnce(Say<T>) + Send + 'static,
    ) -> Stream<T> {
        let (send, coming) = match ahead {
            Some(n) => {
                let (send, coming) = sync_channel(n);
                (Sending::Ahead(send), coming)
            }
            None => {
                let (send, coming) = channel();
                (Sending::Any(send), coming)
            }
        };
        let cancel = Arc::new(AtomicBool::new(false));
        let say = Say {
            send,
            wake: wake.clone(),
            cancel: Arc::clone(&cancel),
        };
        std::thread::spawn(move || {
            work(say);
            // The end is news too: the window takes it.
            wake.wake();
        });
        Stream {
            coming: Mutex::new(coming),
            cancel,
        }
    }

    /// The next piece, if one came.
    pub fn take(&mut self) -> Next<T> {
        match self.coming.get_mut().map(|r| r.try_recv()) {
            Ok(Ok(piece)) => Next::Came(piece),
            Ok(Err(TryRecvError::Empty)) => Next::Waiting,
            Ok(Err(TryRecvError::Disconnected)) | Err(_) => Next::Ended,
        }
    }

    /// Tells the work to stop; what it still says is refused.
    pub fn stop(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

impl<T> Drop for Stream<T> {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wait<T: Send + 'static>(job: &mut Job<T>) -> Taken<T> {
        for _ in 0..500 {
            match job.take() {
                Taken::Waiting => std::thread::sleep(std::time::Duration::from_millis(2)),
                other => return other,
            }
        }
        panic!("no answer");
    }

    fn no_window() -> Wake {
        Wake(Arc::new(Mutex::new(None)))
    }

    #[test]
    fn an_answer_comes_once_with_its_key_and_a_replaced_job_is_never_taken() {
        let mut job = Job::default();
        assert_eq!(job.take(), Taken::Waiting);
        // The first job waits until it is told to stop, then answers: too late.
        job.start((1, no_window()), |cancel: &AtomicBool| {
            while !cancel.load(Ordering::Relaxed) {
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
            "stale"
        });
        assert!(job.busy());
        job.start((2, no_window()), |_: &AtomicBool| "fresh");
        assert_eq!(job.asked(), Some(2));
        assert_eq!(wait(&mut job), Taken::Came(2, "fresh"));
        assert!(!job.busy());
        assert_eq!(job.take(), Taken::Waiting);
    }

    #[test]
    fn a_job_that_panics_is_lost_not_waited_for() {
        let mut job: Job<u8> = Job::default();
        job.start((7, no_window()), |_: &AtomicBool| panic!("a bug"));
        assert_eq!(wait(&mut job), Taken::Lost);
    }

    #[test]
    fn a_stream_says_its_pieces_in_order_then_ends_and_a_stopped_one_is_told() {
        let mut stream = Stream::start(no_window(), Some(2), |say| {
            for i in 0..5 {
                assert!(say.say(i));
            }
        });
        let mut got = Vec::new();
        for _ in 0..1000 {
            match stream.take() {
                Next::Came(i) => got.push(i),
                Next::Waiting => std::thread::sleep(std::time::Duration::from_millis(1)),
                Next::Ended => break,
            }
        }
        assert_eq!(got, [0, 1, 2, 3, 4]);
        // A stream stopped: the work's next word is refused, and it can end.
        let (told, heard) = channel();
        let stream = Stream::start(no_window(), None, move |say: Say<u8>| {
            while say.say(1) {
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
            told.send(say.stopped()).unwrap();
        });
        stream.stop();
        assert_eq!(
            heard.recv_timeout(std::time::Duration::from_secs(5)),
            Ok(true)
        );
    }
}
