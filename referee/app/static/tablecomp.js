// The table as one component (issue 27): the glance and the last step (data.head), notes about
// a step, the card grid, the choices, the verdict, Play / Pick up, Undo / Redo and the players
// (data.foot).  A tap or a choice is answered here, from the verdicts the server judged ahead of
// the taps (data.pre); only a play recorded for another player is asked of the server (state
// "choice").  Play, Pick up, Undo and Redo go straight to the app server (data.api, a request of
// their own: no rerun of the page), which judges them again and answers with the next step's
// data; without it they go to the page as a trigger ("action").  Other tablets' steps: the
// component asks the server for its game's version (data.version_api) and, when it moved, asks
// the page to draw the game again (action "follow").
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

const fresh = (keep) => ({
  card: null, count: 1, zone: null, by: keep ? keep.by : "", to: null, give: null,
  take: keep ? keep.take : null,
});

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

// The selection as this step can take it (as view.settled does on the server).
function settled(st) {
  const d = st.data, s = st.sel;
  const card = s.card === null ? null : d.cards.find((c) => c.id === s.card) || null;
  const ids = d.players.map((p) => p[0]);
  const by = ids.includes(s.by) && s.by !== d.turn ? s.by : "";
  const take = d.takes.some((t) => t[0] === s.take) ? s.take : null;
  if (!card) return { card: null, by, take };
  const mover = by || d.turn;
  const targets = d.players.filter((p) => p[0] !== mover);
  const zones = d.zones.map((z) => z[0]);
  return {
    card, by, take, targets,
    count: s.count >= 1 && s.count <= card.most ? s.count : 1,
    zone: zones.includes(s.zone) ? s.zone : d.zone,
    to: card.target && targets.some((p) => p[0] === s.to) ? s.to : null,
    give: card.gives && d.give_cards.some((g) => g[0] === s.give) ? s.give : null,
  };
}

const keyOf = (s) => [s.card.id, s.zone, s.count, s.to || "", s.give === null ? "" : s.give].join("|");

// What the verdict box says for the selection: {ask}, {verdict}, or {wait} (the server judges).
function judged(st, s) {
  const d = st.data;
  if (!s.card) return { ask: d.ask, about: "" };
  const key = keyOf(s);
  if (s.by) {
    const j = d.judged;
    if (j && j.key === key + "|" + s.by) return j;
    return { wait: true };
  }
  const i = d.pre.choices[key];
  if (i === undefined) return { wait: true };
  if (i === -1) return { ask: s.card.who, about: s.card.about };
  return { verdict: d.pre.verdicts[i], about: s.card.about };
}

function drawVerdict(box, said) {
  box.replaceChildren();
  const p = (cls, text) => (text ? el("p", { cls, text }) : null);
  if (said.verdict) {
    const [legal, answer, detail, todo, rule] = said.verdict;
    box.className = "kr-verdict " + (legal ? "kr-yes" : "kr-no");
    box.setAttribute("data-legal", String(legal));
    box.append(
      el("span", { cls: "kr-mark", "aria-hidden": "true", text: legal ? "✓" : "✗" }),
      el("div", {}, p("kr-answer", answer), p("kr-todo", detail), p("kr-todo", todo),
        p("kr-about", said.about)),
    );
    if (rule) box.append(el("span", { cls: "kr-rule", title: "The rule book's rule", text: rule }));
    return;
  }
  box.className = "kr-verdict kr-ask";
  box.removeAttribute("data-legal");
  const text = said.wait ? "Checking that play…" : said.ask;
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
  const said = (c.kind === "number" ? "" : ", " + c.words) + (c.struck ? ", every copy seen" : "");
  if (said) b.append(el("span", { cls: "kt-sr", text: said }));
  return b;
}

function segment(name, label, options, value) {
  const id = "kt-l-" + name;
  const group = el("div", { cls: "kt-field", role: "group", "aria-labelledby": id },
    el("div", { cls: "kt-label", id, text: label }));
  const row = el("div", { cls: "kt-seg" });
  for (const [v, text] of options) {
    const on = v === value;
    row.append(el("button", { type: "button", cls: on ? "kt-opt kt-on" : "kt-opt",
      "data-k": name + ":" + v, "data-field": name, "data-value": String(v),
      "aria-pressed": on ? "true" : "false", text }));
  }
  group.append(row);
  return group;
}

function select(name, label, options, value, placeholder) {
  const id = "kt-s-" + name;
  const box = el("select", { id, "data-k": "select:" + name, "data-field": name });
  if (placeholder) box.append(el("option", { value: "", disabled: true, text: placeholder }));
  for (const [v, text] of options) box.append(el("option", { value: String(v), text }));
  box.value = value === null || value === undefined ? "" : String(value);
  return el("div", { cls: "kt-field" }, el("label", { for: id, cls: "kt-label", text: label }), box);
}

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

  const numbers = el("div", { cls: "kt-grid kt-numbers", role: "group", "aria-label": "Number cards" });
  const karma = el("div", { cls: "kt-grid kt-karmas", role: "group", "aria-label": "Karma cards" });
  for (const c of d.cards) {
    const group = c.kind === "number" || c.kind === "power" ? numbers : karma;
    group.append(cardButton(c, s.card !== null && s.card.id === c.id));
  }
  st.grid.replaceChildren(...[numbers, karma].filter((g) => g.childElementCount));

  st.choices.replaceChildren();
  if (s.card) {
    const row = el("div", { cls: "kt-row" });
    if (s.card.most > 1) {
      const counts = Array.from({ length: s.card.most }, (_, i) => [i + 1, String(i + 1)]);
      row.append(segment("count", "How many?", counts, s.count));
    }
    row.append(segment("zone", "From", d.zones, s.zone));
    const movers = [["", d.mover_label], ...d.players.filter((p) => p[0] !== d.turn)];
    row.append(select("by", "Played by", movers, s.by));
    // The player and the card given share the row, which wraps where it must: held sideways
    // (1024x768) a step with every choice open still shows Undo without a scroll.
    if (s.card.target) row.append(segment("to", s.card.target, s.targets, s.to));
    if (s.card.gives) {
      row.append(select("give", "Which card is given? (if you saw it)",
        [["", "Not seen"], ...d.give_cards], s.give));
    }
    st.choices.append(row);
  }

  const said = judged(st, s);
  drawVerdict(st.verdict, said);

  st.take.replaceChildren();
  if (d.takes.length) {
    st.take.append(select("take", d.take_prompt, d.takes, s.take, "Choose a face-up card"));
  }

  const legal = !!(said.verdict && said.verdict[0]);
  st.play.disabled = st.pending || !legal;
  st.pickUp.disabled = st.pending || !d.can_pick_up || (d.takes.length > 0 && s.take === null);
  st.undo.disabled = st.pending || !d.can_undo;
  st.redo.disabled = st.pending || !d.can_redo;

  if (focusKey) {
    const again = root.querySelector(`[data-k="${CSS.escape(focusKey)}"]`);
    if (again && !again.disabled) again.focus();
  }
}

// Only a play recorded for another player needs the server's verdict: say the choice.
function tellServer(st) {
  const s = settled(st);
  if (!s.card || !s.by) return;
  const choice = { version: st.data.version, card: s.card.id, count: s.count, zone: s.zone,
    by: s.by, to: s.to, give: s.give };
  const said = JSON.stringify(choice);
  if (said === st.told) return;
  st.told = said;
  st.setStateValue("choice", choice);
}

// Play, Pick up, Undo or Redo: to the app server, which records it and answers with the next
// step's data; to the page (a rerun) when there is no such server.  Each step carries an id
// made here: when the answer is lost (the network, or a database that did not answer), the
// same request goes again with the same id, and the server, which stored the id with the step,
// never applies it twice and says truly whether it was saved.
async function act(st, action) {
  const s = settled(st), d = st.data;
  const payload = {
    action, version: d.version, acted: d.acted,
    card: s.card ? s.card.id : null, count: s.count || 1, zone: s.zone || null, by: s.by,
    to: s.to || null, give: s.give === undefined ? null : s.give, take: s.take,
  };
  st.pending = true;
  st.epoch += 1;
  render(st);
  if (!d.api) return st.setTriggerValue("action", payload);
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
    if (reply && reply.data) return answered(st, reply);
    if (reply && reply.reload) return st.setTriggerValue("action", { action: "refresh" });
    if (status && !(reply && reply.retry)) return st.setTriggerValue("action", payload);
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
  const data = { ...reply.data, acted: st.data.acted, sel: null, top: null };
  st.data = data;
  st.epoch += 1;
  if (reply.reset) st.sel = fresh();
  st.pending = false;
  st.told = null;
  st.mark = data.version + ":" + data.acted;
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
      // Not an answer to a step this tablet took meanwhile (its reply carries the version).
      const current = epoch === st.epoch && !st.pending && st.data.version === shown;
      if (reply && current && reply.data) {
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
    const field = b.getAttribute("data-field");
    const raw = b.getAttribute("data-value");
    if (field === "count") st.sel = { ...st.sel, count: parseInt(raw, 10) };
    else if (field === "zone") st.sel = { ...st.sel, zone: raw };
    else if (field === "to") st.sel = { ...st.sel, to: st.sel.to === raw ? null : raw };
    else return;
  }
  render(st);
  tellServer(st);
}

function onChange(st, e) {
  const box = e.target;
  const field = box.getAttribute && box.getAttribute("data-field");
  if (!field) return;
  const value = box.value === "" ? null : box.value;
  if (field === "by") {
    const by = value || "";
    st.sel = { ...st.sel, by, to: st.sel.to === by ? null : st.sel.to };
  } else if (field === "give") st.sel = { ...st.sel, give: value };
  else if (field === "take") st.sel = { ...st.sel, take: value };
  else return;
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
    epoch: 0, asked: null, started: false, shownHead: null, shownFoot: null, shownNotes: null,
    head: el("div", { cls: "kt-head" }),
    notes: el("div", { cls: "kt-notes" }),
    foot: el("div", { cls: "kt-foot" }),
    grid: el("div", { cls: "kt-cards" }),
    choices: el("div", { cls: "kt-choices" }),
    verdict: el("div", { cls: "kr-verdict kr-ask", role: "status" }),
    take: el("div", { cls: "kt-take" }),
    play: el("button", { type: "button", cls: "kt-action kt-primary", "data-k": "do:play",
      text: "Play" }),
    pickUp: el("button", { type: "button", cls: "kt-action", "data-k": "do:pickup",
      text: "Pick up the pile" }),
    undo: el("button", { type: "button", cls: "kt-action kt-undo", "data-k": "do:undo" },
      el("span", { "aria-hidden": "true", text: "↶ " }), el("span", { text: "Undo" })),
    redo: el("button", { type: "button", cls: "kt-action kt-undo", "data-k": "do:redo" },
      el("span", { "aria-hidden": "true", text: "↷ " }), el("span", { text: "Redo" })),
    top: null,
  };
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
  const { parentElement, data, setStateValue, setTriggerValue } = component;
  const known = STATES.get(parentElement);
  const st = known || setUp(parentElement);
  st.setStateValue = setStateValue;
  st.setTriggerValue = setTriggerValue;
  // The page's data for a version older than the one a step's answer already drew (a rerun
  // that began before that step was stored): the answer stands.
  if (st.data && data.gid === st.data.gid && data.version < st.data.version) return undefined;
  // A step taken, undone or refused (the server starts every choice afresh then): so here.
  const mark = data.version + ":" + data.acted;
  if (st.mark !== mark) {
    st.sel = st.mark === null && data.sel ? { ...fresh(), ...data.sel } : fresh();
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
