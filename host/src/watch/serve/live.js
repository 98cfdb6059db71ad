// rigc watch --serve: follows one target's build reports (server-sent events
// from RIGC_SERVE.events) and keeps its pane current without reloading the
// page. A new green generation is fetched from RIGC_SERVE.files + <generation>/
// (skeleton.json, skeleton.atlas and its pages, so a changed page PNG is a new
// texture), read into new SkeletonData, and swapped into the player: every
// track keeps its animation and its time, the skin is kept, the player's
// pause and viewport are untouched. A red build's failure lines are shown as
// text over the last green pose, which keeps playing; the next green build
// clears them. window.rigcServe is the page's report on itself, for tests and
// benches: the last report, the generation on screen, each reload, and a few
// readers of the pose.
(function () {
  const cfg = RIGC_SERVE;
  const PANE = 0;
  const now = () => performance.timeOrigin + performance.now();
  const status = document.getElementById("rigc-serve-status");
  const box = document.getElementById("rigc-player-" + PANE);
  const overlay = document.createElement("pre");
  overlay.className = "rigc-failures";
  overlay.hidden = true;
  box.appendChild(overlay);

  const serve = {
    target: cfg.target,
    connected: false,
    report: null,
    generation: null,
    loading: null,
    reloads: [],
    failures: [],
    error: null,
    player: () => window.rigcPreview.players[PANE] || null,
    overlay: () => ({ shown: !overlay.hidden, text: overlay.textContent }),
    track: (i = 0) => {
      const p = serve.player();
      const e = p && p.animationState && p.animationState.getTrack(i);
      return e ? { animation: e.animation.name, trackTime: e.trackTime, loop: e.loop } : null;
    },
    bone: name => {
      const p = serve.player();
      const b = p && p.skeleton && p.skeleton.findBone(name);
      if (!b) return null;
      const a = b.appliedPose;
      return { x: a.x, y: a.y, rotation: a.rotation, scaleX: a.scaleX, scaleY: a.scaleY,
               worldX: a.worldX, worldY: a.worldY, worldRotation: a.getWorldRotationX() };
    },
    // Pauses the player and poses it at time t of track 0's animation (or of
    // the animation named, set on track 0).
    seek: (t, name) => {
      const p = serve.player();
      p.pause();
      const e = name ? p.setAnimation(name, true) : p.animationState.getTrack(0);
      e.mixDuration = 0;
      e.trackTime = t;
      p.animationState.apply(p.skeleton);
      p.skeleton.updateWorldTransform(spine.Physics.update);
    },
  };
  window.rigcServe = serve;

  function say(text) { status.textContent = text; }

  function showFailures(lines) {
    serve.failures = lines;
    overlay.textContent = lines.join("\n");
    overlay.hidden = lines.length === 0;
  }

  function describe(r) {
    if (r.build === 0) return "building…";
    const on = serve.generation === null ? "no green build yet" : "green generation " + serve.generation;
    return r.failures.length ? `build ${r.build} red — showing ${on}` : `build ${r.build} green — ${on}`;
  }

  function files(gen) {
    return { skeleton: `${cfg.files}${gen}/skeleton.json`, atlas: `${cfg.files}${gen}/skeleton.atlas` };
  }

  // The atlas may name its pages outside the output directory
  // ("../parts/x.png"); the report lists them with the blake3 of their bytes,
  // and each is fetched as RIGC_SERVE.pages + <i>/<hash> instead: one URL per
  // content, so a reload finds an unchanged page's texture in its asset
  // manager and keeps it.
  function pageUrls(pages) {
    const urls = {};
    pages.forEach((p, i) => { urls[p.name] = `${cfg.pages}${i}/${p.hash}`; });
    return urls;
  }

  // Loads the newest green generation when it is not the one on screen (nor
  // one that failed to load: it is not tried again).
  let failed = null;
  function follow() {
    const r = serve.report;
    if (!r || r.green === null || r.green === serve.generation || r.green === failed || serve.loading !== null) return;
    const gen = r.green;
    serve.loading = gen;
    const p = serve.player();
    const urls = pageUrls(r.pages || []);
    const job = p ? swap(p, gen, urls) : first(gen, urls);
    job.then(() => { serve.generation = gen; serve.error = null; },
             e => { failed = gen; serve.error = String(e && e.message || e); console.error("rigc serve:", e); })
      .finally(() => { serve.loading = null; if (serve.report) say(describe(serve.report)); follow(); });
  }

  // The first green generation starts the player; its page URLs go in as the
  // player's raw data URIs (path -> URL), keyed by the path its asset manager
  // makes of each page (the atlas's directory + the page's name).
  async function first(gen, urls) {
    const f = files(gen);
    const parent = f.atlas.substring(0, f.atlas.lastIndexOf("/") + 1);
    const raw = {};
    for (const name in urls) raw[parent + name] = urls[name];
    window.rigcPreview.start(PANE, { ...f, raw });
    const panes = await window.rigcPreview.settled;
    if (panes[PANE].error) throw new Error(panes[PANE].error);
    serve.current = { gen, atlas: f.atlas, manager: serve.player().assetManager,
                      textures: Object.keys(raw), shared: false };
    record(gen, null, null);
  }

  // A later generation loads through an asset manager of its own (the
  // player's would show its loading screen), its pages by their content URLs
  // (the atlas loader's file aliases: page name -> URL).
  function loadAtlas(manager, path, alias) {
    return new Promise((resolve, reject) =>
      manager.loadTextureAtlas(path, (_, atlas) => resolve(atlas), (_, msg) => reject(new Error(msg)), alias));
  }

  let manager = null;
  async function swap(player, gen, urls) {
    if (!player.skeleton) throw new Error("the player has not loaded its first skeleton");
    if (!manager) manager = new spine.AssetManager(player.context, "", new spine.Downloader());
    const f = files(gen);
    const t = { reportAt: serve.reportAt, startedAt: now() };
    const held = Object.values(urls).filter(u => manager.get(u)).length;
    const [json, atlas] = await Promise.all([manager.loadJsonAsync(f.skeleton), loadAtlas(manager, f.atlas, urls)]);
    t.pages = { total: Object.keys(urls).length, reused: held };
    manager.remove(f.skeleton);
    const loader = new spine.SkeletonJson(new spine.AtlasAttachmentLoader(atlas));
    loader.scale = player.config.scale;
    t.fetchedAt = now();
    const data = loader.readSkeletonData(json);
    const old = player.skeleton, oldState = player.animationState;
    const skeleton = new spine.Skeleton(data);
    skeleton.x = old.x; skeleton.y = old.y;
    skeleton.scaleX = old.scaleX; skeleton.scaleY = old.scaleY;
    skeleton.time = old.time;
    const skin = old.skin && data.findSkin(old.skin.name);
    if (skin) skeleton.setSkin(skin);
    skeleton.setupPoseSlots();
    const stateData = new spine.AnimationStateData(data);
    stateData.defaultMix = player.config.defaultMix;
    const state = new spine.AnimationState(stateData);
    state.timeScale = oldState.timeScale;
    let kept = null;
    oldState.tracks.forEach((e, i) => {
      if (!e || !e.animation) return;
      const a = data.findAnimation(e.animation.name);
      if (!a) return;
      const n = state.setAnimation(i, a, e.loop);
      n.trackTime = e.trackTime;
      n.timeScale = e.timeScale;
      n.alpha = e.alpha;
      if (i === 0) kept = { animation: a.name, before: e.trackTime, after: n.trackTime };
    });
    if (!state.getTrack(0) && data.animations.length) {
      state.setAnimation(0, data.animations[0], true);
      player.config.animation = data.animations[0].name;
    }
    state.apply(skeleton);
    skeleton.updateWorldTransform(spine.Physics.update);
    player.skeleton = skeleton;
    player.animationState = state;
    release(serve.current);
    serve.current = { gen, atlas: f.atlas, manager, textures: Object.values(urls), shared: true };
    record(gen, kept, old, t);
  }

  // Lets go of the generation that was on screen: its atlas, and its
  // textures unless the new one holds them too (shared: the asset manager
  // counts their users, and frees a texture when none is left).
  function release(cur) {
    if (!cur) return;
    try {
      const atlas = cur.manager.get(cur.atlas);
      if (atlas && cur.shared) {
        atlas.dispose = () => {};
        cur.manager.remove(cur.atlas);
      } else if (atlas) {
        cur.manager.disposeAsset(cur.atlas);
      }
      for (const path of cur.textures) {
        if (cur.manager.get(path)) cur.manager.disposeAsset(path);
        delete cur.manager.downloader.rawDataUris[path];
      }
    } catch (e) {
      console.warn("rigc serve: freeing generation", cur.gen, e);
    }
  }

  function record(gen, kept, old, times) {
    const r = { generation: gen, ...times, swappedAt: now(), drawnAt: null, kept, inPlace: old !== null };
    serve.reloads.push(r);
    requestAnimationFrame(() => { r.drawnAt = now(); });
  }

  function connect() {
    const source = new EventSource(cfg.events);
    source.onopen = () => { serve.connected = true; };
    source.onerror = () => { serve.connected = false; say("disconnected from rigc watch; retrying…"); };
    source.addEventListener("report", ev => {
      let r;
      try { r = JSON.parse(ev.data); } catch (e) { console.error("rigc serve: a report that is not JSON", e); return; }
      serve.report = r;
      serve.reportAt = now();
      showFailures(r.failures || []);
      say(describe(r));
      follow();
    });
  }
  connect();
})();
