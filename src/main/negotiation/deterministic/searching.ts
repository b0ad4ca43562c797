// "find books by Ishiguro", "I'm looking for Piranesi", "do you have Klara and the Sun?": a search for what the page
// does not show, in the page's one search box.
import { roleCode, type InteractRequest, type InteractResponse } from '../../../shared/negotiation';
import { act, describeNode } from './responses';
import { ROLE_WORDS } from './vocabulary';
import { normalizeWord, rawTokens } from './words';

/** How people ask to find something; what follows is what to search for. */
const SEARCHING =
  /^(?:find|locate|seek|search(?:\s+for)?|look\s+(?:up|for)|hunt\s+(?:for|down)|(?:pull|dig|bring)\s+up|track\s+down|looking\s+for|do\s+you\s+have|have\s+you\s+got|is\s+there|are\s+there|anything\s+(?:by|from|about|on))\s+(?:(?:the|a|an|any|some)\s+)?(.+?)\s*\??$/i;
const TITLE = /^\p{Lu}[\p{L}\d'’.&-]*(?:\s+(?:\p{Lu}[\p{L}\d'’.&-]*|and|the|of|a|an|in|on|to|for|de|la|le))*$/u;
const CODE = /^[\p{L}-]*\d[\p{L}\d./:-]*$/u;

/**
 * "me books by Octavia Butler", "invoices of Northwind Traders", "everything from Greenleaf Studio": what kind of thing
 * is sought, then the name it is sought by — the name is what a search box takes.
 */
const SOUGHT_BY =
  /^(?:(?:me|us)\s+)?(?:(?:all|every|any)(?:thing|one)?\s+|(?:the\s+)?(?:[\p{L}]+\s+){0,2}?)(?:by|from|of|for|about|titled|called|named)\s+(\S.*)$/iu;

/** Where to search, which is no part of what to search for: "… in the catalogue", "… on this site". */
const PLACE = /\s+(?:in|on)\s+(?:the|this|our|my)\s+\S+(?:\s+\S+)?$/i;

/**
 * "show me invoices from Northwind Traders", "list the orders for Bluebird Café", "see all Greenleaf Studio invoices",
 * "narrow the invoices down to Harbor Dental": the things the search box searches (its name says which), wanted by a
 * name. The name is the search text.
 */
const SHOWING =
  /^(?:(?:only|just)\s+)?(?:show|list|see|display|view|open|find|locate|get|retrieve|fetch|narrow|browse|scan|check|give|filter|look\s+(?:through|up|for)|pull\s+up|bring\s+up|dig\s+up|track\s+down)\s+(?:(?:me|us)\s+)?(?:(?:only|just)\s+)?(?:(?:all|every)\s+)?(?:(?:the|my|our)\s+)?(.+?)\s*$/i;
const NOUN_FIRST = /^([\p{L}]+s)\s+(?:down\s+to|by|for|from|of|to|with)\s+(\S.*)$/iu;
const NAME_FIRST = /^(\S.*?)(?:['’]s?)?\s+([\p{L}]+s)$/iu;
/** The rephrased "filter invoices by X": `type "X" into invoices filter`. */
const FILTERED = /^type\s+"([^"]+)"\s+into\s+(?:the\s+)?([\p{L}]+s)\s+filter$/iu;

/** The name a step wants the search box's things by, when the box is named for them; undefined otherwise. */
function wantedByName(text: string, box: string): string | undefined {
  const filtered = text.match(FILTERED);
  const shown = text.match(SHOWING)?.[1];
  const pair = filtered
    ? { noun: filtered[2], name: filtered[1] }
    : shown
      ? ((([, noun, name]) => (noun ? { noun, name } : undefined))(shown.match(NOUN_FIRST) ?? []) ??
        (([, name, noun]) => (noun ? { noun, name } : undefined))(shown.match(NAME_FIRST) ?? []))
      : undefined;
  if (!pair || !(TITLE.test(pair.name) || CODE.test(pair.name))) return undefined;
  const boxWords = rawTokens(box).map(normalizeWord);
  return boxWords.includes(normalizeWord(pair.noun)) ? pair.name : undefined;
}

/**
 * A search in the page's search box when the step asks to find something and the page's controls did not answer it
 * (nothing named what it asks for). Undefined when the step is no search or the page has not exactly one search box.
 */
export function searchInstead(request: InteractRequest, text: string): InteractResponse | undefined {
  const boxes = request.interactiveTree.filter(node => roleCode(node.r) === 'srch' && !node.occ);
  if (boxes.length !== 1) return undefined;
  const byName = wantedByName(text.trim(), boxes[0].n ?? '');
  if (byName)
    return act(
      { kind: 'type', id: boxes[0].i, text: byName },
      `Type "${byName}" into ${describeNode(boxes[0])}: the query wants what it searches by the name "${byName}", and no control on the page is named for it.`,
    );
  const asked = text.trim().match(SEARCHING);
  if (!asked) return undefined;
  const asked1 = asked[1].replace(PLACE, '').trim();
  const named = asked1.match(SOUGHT_BY)?.[1];
  // "find the Bluebird Café invoice" in a Search invoices box: the kind the box searches is no part of the name.
  const kinded = asked1.match(/^(\S.*?)(?:['’]s?)?\s+([\p{L}]+)$/u);
  const boxWords = rawTokens(boxes[0].n ?? '').map(normalizeWord);
  const what =
    named && TITLE.test(named)
      ? named
      : kinded && TITLE.test(kinded[1]) && boxWords.includes(normalizeWord(kinded[2]))
        ? kinded[1]
        : asked1;
  // Search words only: not a control ("find the Renew button"), nor a clause with a step of its own or a quote.
  const words = rawTokens(what);
  if (!words.length || words.length > 8 || /[,;"“”‘’]|\s'|'\s/.test(what) || words.some(word => word in ROLE_WORDS))
    return undefined;
  // Only what is plainly the text to search for: a title or a name, capitalised word by word ("Klara and the Sun"),
  // or a code or number. "books by Ishiguro" may mean "Ishiguro" or all of it: which is for the user to say.
  // Said "search", any text is the text; said "find" or "do you have", only a title, a name or a code.
  if (!/^search\b/i.test(text.trim()) && !TITLE.test(what) && !CODE.test(what)) return undefined;
  return act(
    { kind: 'type', id: boxes[0].i, text: what },
    `Type "${what}" into ${describeNode(boxes[0])}: the query asks to find it, no control on the page is named for it, and this is the page's one search box.`,
  );
}
