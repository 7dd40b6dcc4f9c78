// The event feed: every match and hand event in plain words, and the big call-outs
// (ppuk 뻑, ja-ppuk, ttadak 따닥, chok 쪽, sseul 싹쓸이, bombs, steals, go, stop). The server
// says each event in this connection's language (docs/protocol.md "Language": `text` and
// `callout` of each event, from gostop.words); nothing is worded here.

/** Feed lines and call-outs for the events of one update. */
export function narrate(events) {
  const lines = [];
  const callouts = [];
  for (const wrapper of events || []) {
    const e = wrapper.type === "hand" ? wrapper.event : wrapper;
    if (!e) continue;
    if (wrapper.text) lines.push({ text: wrapper.text, type: e.type });
    if (wrapper.callout) callouts.push({ text: wrapper.callout, type: e.type });
  }
  return { lines, callouts };
}
