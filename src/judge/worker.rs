//! One running judge program of the `process:` judge: its three pipes, each
//! served by a thread of its own, and how it ended.
//!
//! This module owns starting the program in a process group of its own,
//! writing a request line and reading a reply line against a deadline
//! ([`Worker::exchange`]), reading lines with a bound on their length,
//! keeping the end of stderr so that a chatty program never blocks on it and
//! its death can be named, and killing the program with its group when the
//! worker is dropped. The protocol (request numbers, what a reply means, when
//! to restart or give up) belongs to [`super::process`].

use std::io::{self, BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, ExitStatus};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use super::command::{describe_exit, kill, spawn_in_group, wait_until};
use super::seconds;

/// The longest reply line read; a longer one is read past and is not the
/// reply format.
pub(super) const MAX_REPLY_BYTES: usize = 1 << 20;

/// How much of the end of stderr is kept, for failure messages.
const STDERR_TAIL_BYTES: usize = 8 << 10;

/// What the stdout thread read.
pub(super) enum Output {
    /// One line, without its newline.
    Line(Vec<u8>),
    /// A line longer than [`MAX_REPLY_BYTES`], read past.
    TooLong,
}

/// One running program, its pipes each served by a thread.
pub(super) struct Worker {
    child: Child,
    /// Lines for the stdin thread; `None` closes stdin.
    stdin: Option<Sender<Vec<u8>>>,
    /// Lines from the stdout thread; disconnected at end of file.
    stdout: Receiver<Output>,
    /// The end of what the program wrote on stderr.
    stderr: Arc<Mutex<Vec<u8>>>,
    /// Disconnected when stderr reached its end.
    stderr_done: Receiver<()>,
}

impl Worker {
    /// Starts `program` with `args`, in a process group of its own.
    pub(super) fn start(program: &str, args: &[String]) -> io::Result<Worker> {
        let mut child = spawn_in_group(program, args)?;
        let pipes = (child.stdin.take(), child.stdout.take(), child.stderr.take());
        let (Some(stdin), Some(stdout), Some(stderr)) = pipes else {
            kill(&mut child);
            return Err(io::Error::other("its pipes could not be opened"));
        };
        let (to_stdin, lines) = mpsc::channel();
        let (replies, from_stdout) = mpsc::channel();
        let tail = Arc::new(Mutex::new(Vec::new()));
        let (done, stderr_done) = mpsc::channel();
        let kept = Arc::clone(&tail);
        // The worker owns the child from here: a thread that cannot be
        // started kills it on the way out.
        let worker = Worker {
            child,
            stdin: Some(to_stdin),
            stdout: from_stdout,
            stderr: tail,
            stderr_done,
        };
        let named = |name: &str| thread::Builder::new().name(format!("judge {name}"));
        named("stdin").spawn(move || write_lines(stdin, lines))?;
        named("stdout").spawn(move || read_lines(stdout, replies))?;
        named("stderr").spawn(move || keep_tail(stderr, &kept, done))?;
        Ok(worker)
    }

    /// True when the program is alive and wrote nothing since its last
    /// reply.
    pub(super) fn in_step(&mut self) -> bool {
        matches!(self.stdout.try_recv(), Err(TryRecvError::Empty))
            && matches!(self.child.try_wait(), Ok(None))
    }

    /// Writes one request line and reads one reply line, by `deadline`.
    pub(super) fn exchange(
        &mut self,
        line: Vec<u8>,
        deadline: Instant,
        timeout: Duration,
    ) -> Result<Vec<u8>, String> {
        let sent = self.stdin.as_ref().is_some_and(|s| s.send(line).is_ok());
        if !sent {
            return Err(self.death(deadline));
        }
        match self
            .stdout
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
        {
            Ok(Output::Line(reply)) => Ok(reply),
            Ok(Output::TooLong) => Err(format!(
                "replied with a line over {} MiB",
                MAX_REPLY_BYTES >> 20
            )),
            Err(RecvTimeoutError::Timeout) => Err(format!("timed out after {}", seconds(timeout))),
            Err(RecvTimeoutError::Disconnected) => Err(self.death(deadline)),
        }
    }

    /// Why the program gave no reply when its stdout closed: how it
    /// exited, and the last line of its stderr.
    fn death(&mut self, deadline: Instant) -> String {
        let status = match wait_until(&mut self.child, deadline) {
            Ok(Some(status)) => status,
            _ => return "closed its stdout without a reply".to_string(),
        };
        // What it wrote last may still be in the pipe.
        let _ = self
            .stderr_done
            .recv_timeout(deadline.saturating_duration_since(Instant::now()));
        let tail = self
            .stderr
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone();
        exit_message(status, &tail)
    }
}

impl Worker {
    /// Closes the program's stdin (once the stdin thread wrote what it
    /// holds): a loop over stdin ends.
    pub(super) fn close_stdin(&mut self) {
        self.stdin = None;
    }

    /// Waits for the program to exit, no later than `deadline`.
    pub(super) fn wait_exit(&mut self, deadline: Instant) {
        let _ = wait_until(&mut self.child, deadline);
    }
}

impl Drop for Worker {
    /// Kills the program and its process group, and reaps it.
    fn drop(&mut self) {
        self.stdin = None;
        kill(&mut self.child);
    }
}

/// The stdin thread: writes each line and flushes, until the sender is
/// dropped (stdin is then closed) or the program stops reading.
fn write_lines(mut stdin: ChildStdin, lines: Receiver<Vec<u8>>) {
    for line in lines {
        if stdin.write_all(&line).and_then(|()| stdin.flush()).is_err() {
            return;
        }
    }
}

/// The stdout thread: sends each line (at most [`MAX_REPLY_BYTES`]) until
/// end of file, or until no one listens.
fn read_lines(stdout: impl Read, replies: Sender<Output>) {
    let mut reader = BufReader::with_capacity(64 << 10, stdout);
    loop {
        match read_line(&mut reader, MAX_REPLY_BYTES) {
            Ok(Some(output)) => {
                if replies.send(output).is_err() {
                    return;
                }
            }
            Ok(None) | Err(_) => return,
        }
    }
}

/// One line of at most `max` bytes (`TooLong` past it, the rest read and
/// dropped); a last line without a newline counts; `None` at end of file.
fn read_line(reader: &mut impl BufRead, max: usize) -> io::Result<Option<Output>> {
    let mut line = Vec::new();
    let mut too_long = false;
    loop {
        let chunk = match reader.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok(match (too_long, line.is_empty()) {
                (true, _) => Some(Output::TooLong),
                (false, true) => None,
                (false, false) => Some(Output::Line(line)),
            });
        }
        let (part, used, ended) = match chunk.iter().position(|&b| b == b'\n') {
            Some(at) => (chunk.get(..at).unwrap_or(chunk), at + 1, true),
            None => (chunk, chunk.len(), false),
        };
        if !too_long {
            if line.len() + part.len() > max {
                too_long = true;
                line = Vec::new();
            } else {
                line.extend_from_slice(part);
            }
        }
        reader.consume(used);
        if ended {
            return Ok(Some(if too_long {
                Output::TooLong
            } else {
                Output::Line(line)
            }));
        }
    }
}

/// The stderr thread: keeps the last [`STDERR_TAIL_BYTES`] of stderr until
/// end of file, then drops `done`.
fn keep_tail(mut stderr: impl Read, tail: &Mutex<Vec<u8>>, done: Sender<()>) {
    let mut buffer = [0u8; 4096];
    loop {
        match stderr.read(&mut buffer) {
            Ok(0) => break,
            Ok(n) => {
                let mut tail = tail.lock().unwrap_or_else(PoisonError::into_inner);
                tail.extend_from_slice(buffer.get(..n).unwrap_or(&[]));
                let over = tail.len().saturating_sub(STDERR_TAIL_BYTES);
                tail.drain(..over);
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(_) => break,
        }
    }
    drop(done);
}

/// "exited with status 3: <last line of stderr>".
fn exit_message(status: ExitStatus, stderr: &[u8]) -> String {
    let stderr = String::from_utf8_lossy(stderr);
    describe_exit(status, stderr.lines().rev().find(|l| !l.trim().is_empty()))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;
    use std::process::Command;

    #[test]
    fn lines_are_read_whole_and_bounded() {
        let read_all = |input: &[u8], max: usize| {
            let mut reader = BufReader::with_capacity(4, input);
            let mut out = Vec::new();
            while let Some(line) = read_line(&mut reader, max).unwrap() {
                out.push(match line {
                    Output::Line(bytes) => String::from_utf8(bytes).unwrap(),
                    Output::TooLong => "<too long>".to_string(),
                });
            }
            out
        };
        assert_eq!(read_all(b"", 10), Vec::<String>::new());
        assert_eq!(read_all(b"ab\n\ncdefgh\n", 10), ["ab", "", "cdefgh"]);
        assert_eq!(read_all(b"ab\nlast", 10), ["ab", "last"]);
        assert_eq!(
            read_all(b"0123456789\n01234567890\nok\n0123456789012", 10),
            ["0123456789", "<too long>", "ok", "<too long>"]
        );
    }

    #[test]
    fn exit_messages_name_the_last_line_of_stderr() {
        let status = Command::new("/bin/sh")
            .args(["-c", "exit 4"])
            .status()
            .unwrap();
        assert_eq!(
            exit_message(status, b"starting\nTraceback\nValueError: bad\n\n"),
            "exited with status 4: ValueError: bad"
        );
        assert_eq!(
            exit_message(status, b""),
            "exited with status 4 and wrote nothing on stderr"
        );
    }
}
