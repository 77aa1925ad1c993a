// The table as one component (issue 27): the glance and the last step (data.head), notes about
// a step, the card grid, the choices, the verdict, Play / Pick up, Undo / Redo and the players
// (data.foot).  The server sends a table model (issue 43.2): per card its axes (how many, from
// where, played by, for whom, the card given, the suit shown, the run it tops), each with its
// values and default, every word, and the verdicts found by the axes' values (data.pre: card ->
// zone -> count -> player -> card given -> number named -> suit shown -> run -> higher or
// lower -> index).  This script keeps a selection, looks it up and draws: no rule, key or
// sentence of its own.  Only a play recorded for another player is asked of the server (state
// "choice").  Play, Pick up, Undo and Redo go to the app server's step route (data.api, a request
// of their own: no rerun of the page), which judges them again and answers with the next step's
// data; the page is asked to draw again (trigger "action": "refresh") only for what it draws
// itself: a panel open beside the table (data.rerun), a game that ended or is gone.  Other
// tablets' steps: the component asks the server for the game's version (data.version_api), which
// answers with the new step's data when it moved; while a panel is open the page draws that
// step instead (why: "followed"), and says what the other tablet did.
// Every text from the server is set with textContent.  The head and the foot are the server's
// own HTML (every user word escaped there); they are parsed inert in a <template> and keep only
// the elements and attributes below.

const STATES = new WeakMap();
const TAGS = new Set(["DIV", "SPAN", "P", "UL", "OL", "LI", "TABLE", "THEAD", "TBODY", "TR", "TH",
  "TD"]);
const ATTRS = /^(class|role|title|scope|tabindex|aria-[a-z]+|data-[a-z]+)$/;

// The server's HTML for the head or the foot, as nodes: parsed where nothing runs or loads,
// then every element and attribute not named above dropped.
function trusted(html) {
  const t = document.createElement("template");
  t.innerHTML = html || "";
  const clean = (node) => {
    for (const c of [...node.children]) {
      if (!TAGS.has(c.tagName)) { c.remove(); continue; }
      for (const a of [...c.attributes]) if (!ATTRS.test(a.name)) c.removeAttribute(a.name);
      clean(c);
    }
  };
  clean(t.content);
  return document.importNode(t.content, true);
}

// A selection: a card, and a value for each axis (null: the axis's default).
const fresh = (keep) => ({ card: null, count: null, zone: null, by: keep ? keep.by : null,
  to: null, give: null, as: null, suit: null, run: null, limit: null,
  take: keep ? keep.take : null });

function el(tag, props, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "text") e.textContent = v;
    else if (k === "cls") e.className = v;
    else if (k === "on") continue;
    else e.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children) if (c) e.appendChild(c);
  return e;
}

// An axis's values (for whom: by who plays, as the server listed them).
const valuesOf = (axis, sel) => axis.by_mover ? (axis.by_mover[sel.by] || []) : axis.values;

// The selection as this step can take it: each value kept if the server offers it, else the
// axis's default.
function settled(st) {
  const d = st.data, s = st.sel;
  const pick = (axis, sel) => {
    const v = s[axis.name];
    return valuesOf(axis, sel).some((o) => o[0] === v) ? v : axis.default;
  };
  const take = pick(d.take, s);
  const card = s.card === null ? null : d.cards.find((c) => c.id === s.card) || null;
  if (!card) return { card: null, by: s.by, take };
  const out = { card, take, count: "1", zone: null, by: "", to: "", give: "", as: "",
    suit: "", run: "", limit: "", off: new Set() };
  for (const axis of card.axes) out[axis.name] = pick(axis, out);
  // An axis whose value leaves others aside (a run: each card once) sets them to their
  // defaults while it is not at its own; they are not drawn then.
  for (const axis of card.axes) {
    if (axis.alone && out[axis.name] !== axis.default) for (const n of axis.alone) out.off.add(n);
  }
  for (const axis of card.axes) if (out.off.has(axis.name)) out[axis.name] = axis.default;
  return out;
}

// What the verdict box says for the selection: {ask}, {verdict}, or {wait} (the server judges).
function judged(st, s) {
  const d = st.data;
  if (!s.card) return { ask: d.ask, about: "" };
  if (s.by) {
    const j = d.judged;
    const same = j && Object.entries(j.sel).every(([k, v]) =>
      (k === "card" ? s.card.id : s[k]) === v);
    return same ? { said: j.said, about: s.card.about } : { wait: true };
  }
  let i = d.pre.choices[s.card.id];
  for (const k of [s.zone, s.count, s.to, s.give]) i = i === undefined ? i : i[k];
  // A card its player names, whose powers read a suit, that may top a run, or whose player
  // says higher or lower has one more level for each: the number named, the suit shown, the
  // run, higher or lower (in the order of its axes).
  for (const a of s.card.axes) {
    if (LEVELS.has(a.name) && i !== undefined && typeof i === "object") {
      i = i[s[a.name]];
    }
  }
  if (i === undefined) return { wait: true };
  return { said: d.pre.verdicts[i], about: s.card.about };
}

const LEVELS = new Set(["as", "suit", "run", "limit"]);

function drawVerdict(box, said, words) {
  box.replaceChildren();
  const p = (cls, text) => (text ? el("p", { cls, text }) : null);
  const v = said.said;
  if (v && v.legal !== undefined) {
    box.className = "kr-verdict " + (v.legal ? "kr-yes" : "kr-no");
    box.setAttribute("data-legal", String(v.legal));
    box.append(
      el("span", { cls: "kr-mark", "aria-hidden": "true", text: v.legal ? "✓" : "✗" }),
      // A yes is the decision and its reason; what the card does is the rules sheet's (39.6).
      el("div", {}, p("kr-answer", v.answer), p("kr-todo", v.detail), p("kr-todo", v.todo),
        p("kr-about", v.legal ? "" : said.about)),
    );
    if (v.rule) box.append(el("span", { cls: "kr-rule", title: words.rule, text: v.rule }));
    return;
  }
  box.className = "kr-verdict kr-ask";
  box.removeAttribute("data-legal");
  const text = said.wait ? words.checking : v ? v.ask : said.ask;
  box.append(
    el("span", { cls: "kr-mark", "aria-hidden": "true", text: "☞" }),
    el("div", {}, p("kr-todo", text), p("kr-about", said.about)),
  );
}

function cardButton(c, chosen) {
  const cls = `kt-card kt-${c.kind}` + (c.struck ? " kt-struck" : "") + (chosen ? " kt-chosen" : "");
  const b = el("button", { type: "button", cls, "data-k": "card:" + c.id, "data-card": c.id,
    "aria-pressed": chosen ? "true" : "false" });
  if (c.symbol) b.append(el("span", { cls: "kt-symbol", "aria-hidden": "true", text: c.symbol }));
  b.append(el("span", { text: c.label }));
  if (c.said) b.append(el("span", { cls: "kt-sr", text: c.said }));
  return b;
}

function segment(axis, options, value) {
  const name = axis.name, id = "kt-l-" + name;
  const group = el("div", { cls: "kt-field", role: "group", "aria-labelledby": id },
    el("div", { cls: "kt-label", id, text: axis.label }));
  const row = el("div", { cls: "kt-seg" });
  for (const [v, text] of options) {
    const on = v === value;
    row.append(el("button", { type: "button", cls: on ? "kt-opt kt-on" : "kt-opt",
      "data-k": name + ":" + v, "data-field": name, "data-value": v,
      "aria-pressed": on ? "true" : "false", text }));
  }
  group.append(row);
  return group;
}

function select(axis, options, value) {
  const name = axis.name, id = "kt-s-" + name;
  const box = el("select", { id, "data-k": "select:" + name, "data-field": name });
  if (axis.placeholder) box.append(el("option", { value: "", disabled: true, text: axis.placeholder }));
  for (const [v, text] of options) box.append(el("option", { value: v, text }));
  box.value = value === null || value === undefined ? "" : value;
  return el("div", { cls: "kt-field" }, el("label", { for: id, cls: "kt-label", text: axis.label }), box);
}

const field = (axis, sel) => (axis.kind === "segment" ? segment : select)(
  axis, valuesOf(axis, sel), sel[axis.name]);

function render(st) {
  const d = st.data, s = settled(st), root = st.root;
  const focused = root.getRootNode().activeElement;
  const focusKey = focused && root.contains(focused) ? focused.getAttribute("data-k") : null;
  root.classList.toggle("kt-chosen", !!s.card);
  if (st.shownHead !== d.head) {
    st.shownHead = d.head;
    st.head.replaceChildren(trusted(d.head));
  }
  if (st.shownFoot !== d.foot) {
    st.shownFoot = d.foot;
    st.foot.replaceChildren(trusted(d.foot));
  }
  const notes = JSON.stringify(d.notes || []);
  if (st.shownNotes !== notes) {
    st.shownNotes = notes;
    st.notes.replaceChildren(...(d.notes || []).map(([kind, text]) => el("p", {
      cls: "kt-note kt-" + kind, role: kind === "warning" || kind === "error" ? "alert" : "status",
      "data-kind": kind, text })));
  }

  const w = d.words;
  const numbers = el("div", { cls: "kt-grid kt-numbers", role: "group", "aria-label": w.number_cards });
  const karma = el("div", { cls: "kt-grid kt-karmas", role: "group", "aria-label": w.karma_cards });
  for (const c of d.cards) {
    (c.group === "numbers" ? numbers : karma).append(cardButton(c, s.card !== null && s.card.id === c.id));
  }
  st.grid.replaceChildren(...[numbers, karma].filter((g) => g.childElementCount));
  if (s.card) st.grid.append(el("p", { cls: "kt-fold-hint", text: w.fold_hint }));

  st.choices.replaceChildren();
  if (s.card) {
    // The axes share a row, which wraps where it must: held sideways (1024x768) a step with
    // every choice open still shows Undo without a scroll.
    const shown = s.card.axes.filter((a) => !s.off.has(a.name));
    st.choices.append(el("div", { cls: "kt-row" }, ...shown.map((a) => field(a, s))));
  }

  const said = judged(st, s);
  drawVerdict(st.verdict, said, w);

  st.take.replaceChildren();
  if (d.take.values.length) st.take.append(field(d.take, s));

  const legal = !!(said.said && said.said.legal);
  st.play.disabled = st.pending || !legal;
  st.pickUp.disabled = st.pending || !d.can_pick_up || (d.take.required && !s.take);
  st.undo.disabled = st.pending || !d.can_undo;
  st.redo.disabled = st.pending || !d.can_redo;
  st.playLabel.textContent = w.play;
  st.pickUp.textContent = w.pick_up;
  st.undoLabel.textContent = w.undo;
  st.redoLabel.textContent = w.redo;

  if (focusKey) {
    const again = root.querySelector(`[data-k="${CSS.escape(focusKey)}"]`);
    if (again && !again.disabled) again.focus();
  }
}

// Only a play recorded for another player needs the server's verdict: say the choice.
function tellServer(st) {
  const s = settled(st);
  if (!s.card || !s.by) return;
  const choice = { version: st.data.version, card: s.card.id, count: parseInt(s.count, 10),
    zone: s.zone, by: s.by, to: s.to, give: s.give, as: s.as, suit: s.suit, run: s.run,
    limit: s.limit };
  const said = JSON.stringify(choice);
  if (said === st.told) return;
  st.told = said;
  st.setStateValue("choice", choice);
}

// Play, Pick up, Undo or Redo: to the app server's step route, which records it and answers with
// the next step's data (an app server without the route takes no step).  Each step carries an id
// made here: when the answer is lost (the network, or a database that did not answer), the
// same request goes again with the same id, and the server, which stored the id with the step,
// never applies it twice and says truly whether it was saved.
async function act(st, action) {
  const s = settled(st), d = st.data;
  if (!d.api) return say(st, d.words.no_steps);
  const payload = {
    action, version: d.version, card: s.card ? s.card.id : null,
    count: s.card ? parseInt(s.count, 10) : 1, zone: s.card ? s.zone : null, by: s.by || "",
    to: s.card ? s.to : null, give: s.card ? s.give : null, as: s.card ? s.as : null,
    suit: s.card ? s.suit : null, run: s.card ? s.run : null,
    limit: s.card ? s.limit : null,
    take: s.take,
  };
  st.pending = true;
  st.epoch += 1;
  render(st);
  const body = JSON.stringify({ ...payload, gid: d.gid, token: d.token, sid: stepId() });
  const until = Date.now() + RETRY_FOR_MS;
  for (let wait = 500; ; wait = Math.min(wait * 2, 4000)) {
    let reply = null, status = 0;
    try {
      const r = await fetch(d.api, {
        method: "POST", cache: "no-store", credentials: "same-origin",
        headers: { "Content-Type": "application/json" }, body,
      });
      status = r.status;
      reply = await r.json();
    } catch (err) { /* the server restarts or the network drops: ask again */ }
    if (reply && reply.data) {
      answered(st, reply);
      // A panel beside the table (the game log, the fix panel) shows the step: the page draws
      // again, and its data for this version keeps the answer's notes (the page never heard
      // them).
      if (st.rerun) {
        st.kept = { version: st.data.version, notes: st.data.notes };
        st.setTriggerValue("action", { action: "refresh", why: "step" });
      }
      return undefined;
    }
    if (reply && reply.reload) return st.setTriggerValue("action", { action: "refresh" });
    if (status && !(reply && reply.retry)) {  // refused as asked: the server's words say why
      st.pending = false;
      return say(st, (reply && reply.error) || d.words.not_taken);
    }
    if (!st.root.isConnected || Date.now() > until) break;
    // Not answered: the server's words, or the data's, until the same request is answered.
    say(st, (reply && reply.error) || d.unsure);
    await new Promise((done) => setTimeout(done, wait));
  }
  st.pending = false;
  render(st);
}

const RETRY_FOR_MS = 120000;

function stepId() {
  const b = new Uint8Array(16);
  crypto.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
}

// A note of the server's about the step under way (shown as text, in place of the notes).
function say(st, words) {
  if (!words) return;
  st.data = { ...st.data, notes: [["warning", words]] };
  render(st);
}

// The server's answer to a step: the next step's data, drawn at once.
function answered(st, reply) {
  const data = { ...reply.data, sel: null, top: null };
  st.data = data;
  st.epoch += 1;
  if (reply.reset) st.sel = fresh();
  st.pending = false;
  st.told = null;
  st.mark = String(data.version);
  st.root.setAttribute("data-steps", String(data.steps));
  render(st);
  if (reply.top) scrollToTop(st.root);
}

// Other tablets' steps: the app server holds the question "has the game moved on from the
// version shown here?" until a step is stored (or a while has passed), and answers with the
// new step's data, drawn at once without a rerun of the page.
async function follow(st) {
  if (!st.root.isConnected && st.started) return;  // the table left the page
  st.started = true;
  const d = st.data;
  let wait = (d && d.period) || 1000;
  if (d && d.version_api && !document.hidden && !st.pending) {
    const epoch = st.epoch, shown = d.version, began = Date.now();
    try {
      const r = await fetch(d.version_api + "?t=" + encodeURIComponent(d.follow) + "&v=" + shown,
        { cache: "no-store" });
      const reply = r.ok ? await r.json() : null;
      // Not an answer to a step this tablet took meanwhile (its reply carries the version),
      // nor to one the page took: a question asked before a panel opened is still held when
      // the page saves a fix, and its answer (no reset: the same steps) would keep the old
      // choice drawn, so that the next tap on that card let it go.  While the page follows
      // (no version route in its data), the page's own drawing is the answer.
      const current = epoch === st.epoch && !st.pending && st.data.version === shown
        && !!st.data.version_api;
      if (reply && current && reply.data && st.rerun) {
        // A panel is open beside the table: the page draws the step (once per version heard).
        if (st.heard !== reply.data.version) {
          st.heard = reply.data.version;
          st.setTriggerValue("action", { action: "refresh", why: "followed" });
        }
      } else if (reply && current && reply.data) {
        answered(st, reply);
        wait = 0;
      } else if (reply && current && reply.reload) {
        st.setTriggerValue("action", { action: "refresh" });
      } else if (reply) {
        // Nothing moved in the wait, or this tablet moved: ask again at once (a quick answer
        // with nothing in it waits a little first, so nothing ever spins).
        wait = Date.now() - began < 100 ? 250 : 0;
      }
    } catch (err) { /* the server restarts: try again a moment later */ }
  }
  setTimeout(() => follow(st), wait);
}

function onClick(st, e) {
  const b = e.target.closest("button");
  if (!b || b.disabled || !st.root.contains(b)) return;
  if (b === st.play) return act(st, "play");
  if (b === st.pickUp) return act(st, "pickup");
  if (b === st.undo) return act(st, "undo");
  if (b === st.redo) return act(st, "redo");
  const card = b.getAttribute("data-card");
  if (card !== null) {
    st.sel = st.sel.card === card ? fresh(st.sel) : { ...fresh(st.sel), card };
  } else {
    const name = b.getAttribute("data-field"), value = b.getAttribute("data-value");
    const s = settled(st);
    const axis = s.card && s.card.axes.find((a) => a.name === name);
    if (!axis) return;
    // A toggle axis (for whom) is let go by a second tap; another value is chosen by a tap.
    st.sel = { ...st.sel, [name]: axis.toggle && s[name] === value ? axis.default : value };
  }
  render(st);
  tellServer(st);
}

function onChange(st, e) {
  const box = e.target;
  const name = box.getAttribute && box.getAttribute("data-field");
  if (!name) return;
  st.sel = { ...st.sel, [name]: box.value };
  render(st);
  tellServer(st);
}

// A step taken on this tablet: show the top of the page, where its outcome is.  Every scrolled
// box around the component goes back to the top (no reliance on the page's own markup).
function scrollToTop(node) {
  for (let e = node; e; e = e.parentElement || (e.getRootNode && e.getRootNode().host) || null) {
    if (e.scrollTop > 0) e.scrollTo({ top: 0 });
  }
  window.scrollTo({ top: 0 });
}

function setUp(parentElement) {
  const root = el("div", { cls: "kt" });
  const st = {
    root, data: null, said: null, sel: fresh(), pending: false, mark: null, told: null,
    kept: null, heard: null,
    epoch: 0, started: false, shownHead: null, shownFoot: null, shownNotes: null,
    head: el("div", { cls: "kt-head" }),
    notes: el("div", { cls: "kt-notes" }),
    foot: el("div", { cls: "kt-foot" }),
    grid: el("div", { cls: "kt-cards" }),
    choices: el("div", { cls: "kt-choices" }),
    verdict: el("div", { cls: "kr-verdict kr-ask", role: "status" }),
    take: el("div", { cls: "kt-take" }),
    playLabel: el("span"),
    undoLabel: el("span"),
    redoLabel: el("span"),
    pickUp: el("button", { type: "button", cls: "kt-action", "data-k": "do:pickup" }),
    top: null,
  };
  st.play = el("button", { type: "button", cls: "kt-action kt-primary", "data-k": "do:play" },
    st.playLabel);
  st.undo = el("button", { type: "button", cls: "kt-action kt-undo", "data-k": "do:undo" },
    el("span", { "aria-hidden": "true", text: "↶ " }), st.undoLabel);
  st.redo = el("button", { type: "button", cls: "kt-action kt-undo", "data-k": "do:redo" },
    el("span", { "aria-hidden": "true", text: "↷ " }), st.redoLabel);
  root.append(el("div", { cls: "kt-top" }, st.head, st.notes), st.grid, st.choices,
    el("div", { cls: "kt-verdict" }, st.verdict), st.take,
    el("div", { cls: "kt-actions" }, st.play, st.pickUp),
    el("div", { cls: "kt-actions" }, st.undo, st.redo), st.foot);
  root.addEventListener("click", (e) => onClick(st, e));
  root.addEventListener("change", (e) => onChange(st, e));
  parentElement.appendChild(root);
  STATES.set(parentElement, st);
  return st;
}

export default function (component) {
  const { parentElement, setStateValue, setTriggerValue } = component;
  let { data } = component;
  const known = STATES.get(parentElement);
  const st = known || setUp(parentElement);
  st.setStateValue = setStateValue;
  st.setTriggerValue = setTriggerValue;
  st.rerun = !!data.rerun;  // the page's, not a step answer's: it knows its panels
  // The page's data for a version older than the one a step's answer already drew (a rerun
  // that began before that step was stored): the answer stands.
  if (st.data && data.gid === st.data.gid && data.version < st.data.version) return undefined;
  if (st.kept && st.kept.version === data.version && !data.notes.length) {
    data = { ...data, notes: st.kept.notes };
  } else {
    st.kept = null;
  }
  // A new version (a step taken or undone, here or on another tablet): the choice starts afresh.
  const mark = String(data.version);
  if (st.mark !== mark) {
    const kept = data.sel;  // the choice this tablet told the server, as it sent it
    st.sel = st.mark === null && kept
      ? { ...fresh(), ...kept, count: kept.count === null ? null : String(kept.count) } : fresh();
    st.pending = false;
    st.told = null;
    st.mark = mark;
  }
  // Streamlit calls this again on reruns that change nothing here (another tablet's look, the
  // follow-along): the buttons are not rebuilt then, so a tap in progress is never lost.
  if (data.top !== null && data.top !== st.top) {  // asked once per step (its number)
    st.top = data.top;
    scrollToTop(parentElement);
  }
  const said = JSON.stringify(data);
  if (said !== st.said) {
    st.said = said;
    st.data = data;
    st.root.setAttribute("data-steps", String(data.steps));  // what the tablet shows (tests)
    render(st);
  }
  if (!known) follow(st);
  return undefined;
}
