//! `umodel serve`: queries for any language, one JSON object per line in, one per line out, over
//! stdin/stdout or a Unix socket. A bad line is answered with an error object naming the problem
//! and the line; the server never exits on one.
//!
//! ```text
//! {"id": 1, "op": "choose", "bytes": "256MiB", "reuse": 4}
//! {"id": 1, "best": "explicit-copy", "tie": false, ...}
//! ```

use std::io::{BufRead, BufWriter, Write};
use std::sync::Arc;

use anyhow::Result;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::answer::{self, value, ChooseAnswer, PredictAnswer};
use crate::model::{CpuUpdate, PlatformModel, Predictor};
use crate::policy::Policy;

/// The longest request line read (a query is a few hundred bytes).
const MAX_LINE: usize = 64 * 1024;

/// A size as a number of bytes or a string with a unit ("256MiB").
#[derive(Deserialize)]
#[serde(untagged)]
enum Size {
    Bytes(f64),
    Text(String),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Request {
    /// Echoed in the answer.
    #[serde(default)]
    id: Option<Value>,
    op: String,
    #[serde(default)]
    policy: Option<String>,
    #[serde(default)]
    a: Option<String>,
    #[serde(default)]
    b: Option<String>,
    #[serde(default)]
    bytes: Option<Size>,
    #[serde(default)]
    reuse: Option<f64>,
    #[serde(default)]
    cpu_ms: Option<f64>,
    #[serde(default)]
    cpu_scale: Option<f64>,
    #[serde(default)]
    from_device: Option<u32>,
    #[serde(default)]
    device: Option<u32>,
}

/// The answer to a line that could not be answered.
#[derive(Serialize)]
struct Failure {
    /// `line N: what was wrong`.
    error: String,
    line: u64,
}

fn failed(n: u64, e: impl std::fmt::Display) -> Value {
    value(&Failure {
        error: format!("line {n}: {e}"),
        line: n,
    })
}

/// The answer to `ping`.
#[derive(Serialize)]
struct Pong {
    /// The model answering, in words.
    model: String,
    ok: bool,
}

/// What the server answers from.
pub(super) struct Server {
    /// The model as read: its peer terms and the `--explain` parts of a prediction.
    model: PlatformModel,
    /// The same compiled once: every query of the model's own policies.
    fast: Predictor,
}

fn policy(name: Option<&str>, what: &str) -> Result<Policy, String> {
    name.ok_or_else(|| format!("`{what}` is needed"))?
        .parse::<Policy>()
        .map_err(|e| e.to_string())
}

fn number(v: Option<f64>, what: &str, min: f64, max: f64) -> Result<Option<f64>, String> {
    match v {
        None => Ok(None),
        Some(x) if x.is_finite() && x >= min && x <= max => Ok(Some(x)),
        Some(x) => Err(format!(
            "`{what}` must be a number from {min} to {max} (got {x})"
        )),
    }
}

impl Server {
    pub(super) fn new(model: PlatformModel) -> Server {
        let fast = Predictor::new(&model);
        Server { model, fast }
    }

    fn bytes(&self, s: &Option<Size>) -> Result<u64, String> {
        match s {
            None => Ok(self.model.default_bytes()),
            Some(Size::Bytes(b)) if b.is_finite() && *b >= 1.0 && *b <= u64::MAX as f64 => {
                Ok(*b as u64)
            }
            Some(Size::Bytes(b)) => Err(format!("`bytes` must be a positive size (got {b})")),
            Some(Size::Text(t)) => crate::units::parse_size(t).map_err(|e| e.to_string()),
        }
    }

    /// The answer to one line (never an error: a bad line gets an error object).
    pub(super) fn answer(&self, line: &str, n: u64) -> Value {
        let req: Request = match serde_json::from_str(line) {
            Ok(r) => r,
            Err(e) => return failed(n, e),
        };
        let id = req.id.clone();
        let mut v = match self.run(&req) {
            Ok(v) => v,
            Err(e) => failed(n, e),
        };
        if let (Some(id), Some(o)) = (id, v.as_object_mut()) {
            o.insert("id".into(), id);
        }
        v
    }

    fn run(&self, r: &Request) -> Result<Value, String> {
        let reuse = number(r.reuse, "reuse", 1.0, crate::units::MAX_REUSE)?;
        let cpu_ms = number(r.cpu_ms, "cpu_ms", 0.0, crate::units::MAX_MS)?;
        let cpu_scale = number(r.cpu_scale, "cpu_scale", 0.0, crate::units::MAX_SCALE)?;
        let cpu = match (cpu_ms, cpu_scale) {
            (Some(_), Some(_)) => return Err("give `cpu_ms` or `cpu_scale`, not both".into()),
            (Some(ms), None) => CpuUpdate::StageMs(ms),
            (None, Some(k)) => CpuUpdate::Scaled(k),
            (None, None) => CpuUpdate::Calibrated,
        };
        let need_reuse = || reuse.ok_or_else(|| "`reuse` is needed".to_string());
        if let Some(from) = r.from_device {
            return self.peer(r, from, reuse);
        }
        match r.op.as_str() {
            "ping" => Ok(value(&Pong {
                model: self.model.describe(),
                ok: true,
            })),
            "predict" => {
                let p = policy(r.policy.as_deref(), "policy")?;
                let b = self.bytes(&r.bytes)?;
                let x = self
                    .fast
                    .predict_with_cpu(p, b, need_reuse()?, cpu)
                    .map_err(|e| e.to_string())?;
                Ok(value(&PredictAnswer::new(&self.model, &x, false)))
            }
            "choose" => {
                let b = self.bytes(&r.bytes)?;
                let c = self
                    .fast
                    .choose_with_cpu(b, need_reuse()?, cpu)
                    .map_err(|e| e.to_string())?;
                Ok(value(&ChooseAnswer::new(&c, cpu_scale)))
            }
            "breakeven" => {
                let (a, b) = (policy(r.a.as_deref(), "a")?, policy(r.b.as_deref(), "b")?);
                let bytes = self.bytes(&r.bytes)?;
                let (x, _) = answer::breakeven(&self.fast, (a, b), bytes, cpu, cpu_scale)
                    .map_err(|e| e.to_string())?;
                Ok(value(&x))
            }
            other => Err(format!(
                "unknown op `{other}` (ops: ping, predict, choose, breakeven)"
            )),
        }
    }

    fn peer(&self, r: &Request, from: u32, reuse: Option<f64>) -> Result<Value, String> {
        let p = self
            .model
            .peer
            .as_ref()
            .ok_or_else(|| crate::model::peer::PeerError::NoPeerTerms.to_string())?;
        let to = r.device.unwrap_or(0);
        // Without `bytes`, the one-shot commands' default: the largest size the peer terms know.
        let bytes_u = match r.bytes {
            None => super::peer::default_bytes(p, from, to),
            Some(_) => self.bytes(&r.bytes)?,
        };
        let bytes = bytes_u as f64;
        let need_reuse = || reuse.ok_or_else(|| "`reuse` is needed".to_string());
        // The answers are the one-shot commands' JSON (`predict|choose|breakeven --from-device --json`).
        match r.op.as_str() {
            "predict" => {
                let reuse = need_reuse()?;
                let x = p
                    .predict(
                        from,
                        to,
                        policy(r.policy.as_deref(), "policy")?,
                        bytes,
                        reuse,
                    )
                    .map_err(|e| e.to_string())?;
                Ok(value(&super::peer::PeerAnswer {
                    from_device: from,
                    device: to,
                    bytes: bytes_u,
                    reuse,
                    prediction: &x,
                }))
            }
            "choose" => {
                let reuse = need_reuse()?;
                let (ranking, tie) = p
                    .choose(from, to, bytes, reuse)
                    .map_err(|e| e.to_string())?;
                let best = ranking.first().map(|x| x.policy).ok_or_else(|| {
                    format!("no peer policy is calibrated for data on GPU {from} used on GPU {to}")
                })?;
                Ok(value(&super::peer::PeerChoice {
                    from_device: from,
                    device: to,
                    bytes: bytes_u,
                    reuse,
                    best,
                    tie,
                    ranking: &ranking,
                }))
            }
            "breakeven" => {
                let (a, b) = (policy(r.a.as_deref(), "a")?, policy(r.b.as_deref(), "b")?);
                let (x, _) = super::peer::breakeven_answer(p, (from, to), (a, b), bytes_u)
                    .map_err(|e| e.to_string())?;
                Ok(value(&x))
            }
            other => Err(format!(
                "unknown op `{other}` with from_device (ops: predict, choose, breakeven)"
            )),
        }
    }

    /// Answers every line of `input` on `output` until the input ends.
    pub(super) fn serve(
        &self,
        input: impl std::io::Read,
        output: impl Write,
    ) -> std::io::Result<u64> {
        let mut out = BufWriter::new(output);
        let mut n = 0u64;
        let mut input = std::io::BufReader::with_capacity(MAX_LINE, input);
        let mut buf = Vec::new();
        use std::io::Read as _;
        loop {
            buf.clear();
            // A line longer than the cap is read to its end and answered with an error.
            let got = input
                .by_ref()
                .take(MAX_LINE as u64 + 1)
                .read_until(b'\n', &mut buf)?;
            if got == 0 {
                break;
            }
            n += 1;
            let complete = buf.ends_with(b"\n");
            let answer = if buf.len() > MAX_LINE && !complete {
                let mut rest = Vec::new();
                input.read_until(b'\n', &mut rest)?;
                failed(n, format!("longer than {MAX_LINE} bytes"))
            } else {
                match std::str::from_utf8(&buf) {
                    Ok(s) if s.trim().is_empty() => continue,
                    Ok(s) => self.answer(s.trim(), n),
                    Err(_) => failed(n, "not UTF-8"),
                }
            };
            serde_json::to_writer(&mut out, &answer)?;
            out.write_all(b"\n")?;
            // Answer as soon as the input read has no more lines queued: an interactive client
            // waits for each answer before it writes the next line. (Asking the input for more
            // would wait for that line, and the client for this answer.)
            if input.buffer().is_empty() {
                out.flush()?;
            }
        }
        out.flush()?;
        Ok(n)
    }
}

/// `umodel serve [--socket PATH]`.
pub(super) fn run(model: PlatformModel, socket: Option<&std::path::Path>) -> Result<()> {
    let server = Arc::new(Server::new(model));
    match socket {
        None => {
            let n = server.serve(std::io::stdin().lock(), std::io::stdout())?;
            note!("umodel: served {n} lines");
            Ok(())
        }
        Some(path) => {
            #[cfg(unix)]
            {
                use std::os::unix::net::UnixListener;
                if path.exists() {
                    let meta = std::fs::symlink_metadata(path)?;
                    use std::os::unix::fs::FileTypeExt;
                    if !meta.file_type().is_socket() {
                        anyhow::bail!(
                            "{}: exists and is not a socket; not replacing it",
                            path.display()
                        );
                    }
                    std::fs::remove_file(path)?;
                }
                let listener = UnixListener::bind(path)
                    .map_err(|e| anyhow::anyhow!("{}: cannot listen: {e}", path.display()))?;
                note!("umodel: serving on {}", path.display());
                for conn in listener.incoming() {
                    let conn = conn?;
                    let s = Arc::clone(&server);
                    std::thread::spawn(move || {
                        let _ = s.serve(&conn, &conn);
                    });
                }
                Ok(())
            }
            #[cfg(not(unix))]
            {
                anyhow::bail!("--socket needs a Unix system")
            }
        }
    }
}
