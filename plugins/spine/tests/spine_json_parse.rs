//! `JSON.parse` fidelity: for a few thousand generated near-JSON strings, our
//! parser accepts exactly what V8 (the oracle's Node) accepts and fails with
//! V8's message. All strings go through one `node` process.

mod oracle;

use rigc_spine::json;

/// A small deterministic generator (xorshift), so failures reproduce.
struct Gen(u64);

impl Gen {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[(self.next() % items.len() as u64) as usize]
    }
}

fn samples() -> Vec<String> {
    let pieces = [
        "{",
        "}",
        "[",
        "]",
        ",",
        ":",
        "\"a\"",
        "\"b c\"",
        "1",
        "-",
        "0",
        "01",
        "1.",
        "1.5",
        "1e",
        "1e+",
        "2E-3",
        "true",
        "tru",
        "false",
        "null",
        "nul",
        " ",
        "\n",
        "\t",
        "\"\\u12\"",
        "\"\\q\"",
        "\"\\n\"",
        "\"\\u00e9\"",
        "x",
        "'",
        "\"unterminated",
        "é",
        "\u{1F600}",
        "\"\u{1}\"",
        "NaN",
        "Infinity",
        "-0",
        "[]",
        "{}",
        "\"\\",
        "1e400",
    ];
    let mut g = Gen(0x9E37_79B9_7F4A_7C15);
    let mut out = vec![
        "undefined".to_string(),
        "[object Object]".to_string(),
        String::new(),
    ];
    for _ in 0..3000 {
        let n = 1 + (g.next() % 12) as usize;
        out.push((0..n).map(|_| g.pick(&pieces)).collect());
    }
    // Long inputs exercise the message's context window.
    out.push(format!("{{\"k\": [{}] x}}", "1,".repeat(20)));
    out.push(format!("[{}", "\"abcdefghij\",".repeat(5)));
    out
}

#[test]
fn parse_messages_match_v8() {
    if !oracle::available() {
        return;
    }
    let samples = samples();
    let dir = oracle::scratch("json-parse");
    let input = dir.join("samples.json");
    std::fs::write(&input, serde_json::to_string(&samples).expect("encode")).expect("write");
    let script = "const fs=require('fs');const xs=JSON.parse(fs.readFileSync(process.argv[1],'utf8'));\
        console.log(JSON.stringify(xs.map(s=>{try{JSON.parse(s);return null}catch(e){return e.message.toWellFormed()}})));";
    let out = oracle::script(script, &[&input]);
    let theirs: Vec<Option<String>> = serde_json::from_slice(&out).expect("node output");
    let mut rejected = 0;
    for (s, t) in samples.iter().zip(&theirs) {
        let ours = json::parse(s).err();
        assert_eq!(&ours, t, "input {s:?}");
        rejected += usize::from(t.is_some());
    }
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!(
        "JSON.parse vs V8: {} inputs agree ({rejected} rejected with the same message)",
        samples.len()
    );
}
