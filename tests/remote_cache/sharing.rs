//! Clones sharing only the server: one clone's uploads serve another's whole
//! build (and then its own local cache does), and two shards built at once
//! fill the server for a third.

use super::*;

#[test]
fn a_second_clone_is_served_by_the_first_clones_uploads() {
    let Some(server) =
        Nginx::start("remote_cache::a_second_clone_is_served_by_the_first_clones_uploads")
    else {
        return;
    };
    let url = server.url();
    let a = clone();
    let (r, first) = build(&a, &["--remote-cache", &url], &[]);
    clean(&r, &first);
    assert!(!ran(&first).is_empty(), "{first:#}");
    assert!(count(&first, "uploads") > 0, "{first:#}");
    assert_eq!(count(&first, "remoteHits"), 0, "{first:#}");
    assert!(
        !server.files("ac").is_empty() && !server.files("cas").is_empty(),
        "{}",
        server.access_log()
    );
    // Every blob on the server is named by its blake3.
    for f in server.files("cas") {
        let name = f.file_name().unwrap().to_str().unwrap().to_string();
        assert_eq!(name.len(), 64, "{}", f.display());
        assert_eq!(
            blake3::hash(&std::fs::read(&f).unwrap()).to_hex().as_str(),
            name
        );
    }
    assert_eq!(outputs(&a), *local_outputs());

    // The second clone compiles nothing.
    let b = clone();
    let (r, second) = served_whole(&b, &["--remote-cache", &url], &[]);
    assert!(count(&second, "remoteHits") > 0, "{second:#}");
    assert_eq!(count(&second, "localHits"), 0, "{second:#}");
    assert_eq!(count(&second, "uploads"), 0, "{second:#}");
    for (t, s, _, from) in stages(&second) {
        assert_eq!(from.as_deref(), Some("remote"), "{t}/{s}{}", r.dump());
    }
    assert_eq!(
        outputs(&b),
        outputs(&a),
        "the remote-filled clone wrote other bytes"
    );
    r.stdout_has(&format!(
        "rigc: cache: 0 local hit(s), {} remote hit(s), 0 upload(s), 0 remote error(s) (remote {url})",
        count(&second, "remoteHits")
    ));
    assert_eq!(second["summary"]["remote"]["url"], url.as_str());
    assert_eq!(second["summary"]["remote"]["readOnly"], false);

    // The remote hits were written into b's local cache: with the server gone
    // and the outputs removed, b builds from its own cache alone.
    drop(server);
    remove_outputs(&b);
    let (r, third) = served_whole(&b, &[], &[]);
    assert_eq!(count(&third, "remoteHits"), 0, "{third:#}");
    assert!(count(&third, "localHits") > 0, "{third:#}");
    for (t, s, _, from) in stages(&third) {
        assert_eq!(from.as_deref(), Some("local"), "{t}/{s}{}", r.dump());
    }
    assert_eq!(outputs(&b), outputs(&a));
}

#[test]
fn two_shards_built_at_once_fill_the_server_for_a_third_clone() {
    let Some(server) =
        Nginx::start("remote_cache::two_shards_built_at_once_fill_the_server_for_a_third_clone")
    else {
        return;
    };
    let url = server.url();
    let env = [("RIGC_REMOTE_CACHE", url.as_str())];
    let (one, two) = (clone(), clone());
    let x = spawn(&one, &["--shard", "1/2"], &env);
    let y = spawn(&two, &["--shard", "2/2"], &env);
    let (rx, first) = finish(&one, x, "RIGC_REMOTE_CACHE=… rigc build --all --shard 1/2");
    let (ry, second) = finish(&two, y, "RIGC_REMOTE_CACHE=… rigc build --all --shard 2/2");
    clean(&rx, &first);
    clean(&ry, &second);
    assert!(count(&first, "uploads") > 0 && count(&second, "uploads") > 0);
    let mut both = outputs(&one);
    both.extend(outputs(&two));
    assert_eq!(
        both,
        *local_outputs(),
        "the shards wrote other bytes or missed a target"
    );

    // The third clone names the server in its rigc.toml.
    let c = clone_configured(&url);
    let (_, third) = served_whole(&c, &[], &[]);
    assert!(count(&third, "remoteHits") > 0, "{third:#}");
    assert_eq!(outputs(&c), both);
}
