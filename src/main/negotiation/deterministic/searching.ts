// "find books by Ishiguro", "I'm looking for Piranesi", "do you have Klara and the Sun?": a search for what the page
// does not show, in the page's one search box.
import { roleCode, type InteractRequest, type InteractResponse } from '../../../shared/negotiation';
import { act, describeNode } from './responses';
import { dropdownOptions } from './groups';
import { documentText } from './structure';
import { ROLE_WORDS } from './vocabulary';
import { normalizeWord, rawTokens } from './words';

/** The verbs of seeking: "find", "look up", "dig out", "track down", "scan for". */
const SEEKING = String.raw`find|locate|seek|search(?:\s+for)?|look\s+(?:up|for)|hunt\s+(?:for|down)|(?:pull|dig|bring)\s+up|dig\s+out|track\s+down|(?:scan|check|grep)\s+for|query`;
/** How people ask to find something; what follows is what to search for. */
const SEARCHING = new RegExp(
  String.raw`^(?:${SEEKING}|looking\s+for|do\s+you\s+have|have\s+you\s+got|is\s+there|are\s+there|anything\s+(?:by|from|about|on))\s+(?:(?:the|a|an|any|some)\s+)?(.+?)\s*\??$`,
  'i',
);
const TITLE = /^\p{Lu}[\p{L}\d'’.&-]*(?:\s+(?:\p{Lu}[\p{L}\d'’.&-]*|and|the|of|a|an|in|on|to|for|de|la|le))*$/u;
const CODE = /^[\p{L}-]*\d[\p{L}\d./:-]*$/u;

/**
 * "me books by Octavia Butler", "invoices of Northwind Traders", "everything from Greenleaf Studio": what kind of thing
 * is sought, then the name it is sought by — the name is what a search box takes.
 */
const SOUGHT_BY =
  /^(?:(?:me|us)\s+)?(?:(?:all|every|any)(?:thing|one)?\s+|(?:the\s+)?(?:[\p{L}]+\s+){0,2}?)(?:by|from|of|for|about|titled|called|named|matching|containing|mentioning|with)\s+(\S.*?)(?:\s+in\s+(?:them|it))?$/iu;

/** Where to search, which is no part of what to search for: "… in the catalogue", "… on this site". */
const PLACE = /\s+(?:in|on)\s+(?:the|this|our|my)\s+\S+(?:\s+\S+)?$/i;

/**
 * "show me invoices from Northwind Traders", "list the orders for Bluebird Café", "see all Greenleaf Studio invoices",
 * "narrow the invoices down to Harbor Dental": the things the search box searches (its name says which), wanted by a
 * name. The name is the search text.
 */
const SHOWING = new RegExp(
  String.raw`^(?:(?:only|just)\s+)?(?:${SEEKING}|show|list|see|display|view|get|retrieve|fetch|narrow|browse|scan|check|give|filter|look\s+through)\s+(?:(?:me|us)\s+)?(?:(?:only|just)\s+)?(?:(?:all|every)\s+)?(?:(?:the|my|our)\s+)?(.+?)\s*$`,
  'i',
);
const NOUN_FIRST =
  /^([\p{L}]+s)\s+(?:down\s+to|by|for|from|of|to|with|matching|containing|mentioning)\s+(\S.*?)(?:\s+in\s+(?:them|it))?$/iu;
const NAME_FIRST = /^(\S.*?)(?:['’]s?)?\s+([\p{L}]+s)$/iu;
/** "invoice 2046", "the 2046 invoice": one thing the box searches, by its number. */
const NUMBERED = /^(?:([\p{L}]+)\s+(#?[\p{L}-]*\d[\p{L}\d-]*)|(#?[\p{L}-]*\d[\p{L}\d-]*)\s+([\p{L}]+))$/iu;
/** The rephrased "filter invoices by X": `type "X" into invoices filter`. */
const FILTERED = /^type\s+"([^"]+)"\s+into\s+(?:the\s+)?([\p{L}]+s)\s+filter$/iu;

/**
 * A name or a code: capitalised word by word ("Klara and the Sun"), holding a digit ("INV-2046"), or written in lower
 * case but capitalised on the page ("northwind" where the page lists "Northwind Traders").
 */
function isName(text: string, pageOf: () => PageWords): boolean {
  if (TITLE.test(text) || CODE.test(text)) return true;
  const page = pageOf();
  const words = text.split(/\s+/);
  const written = (word: string) =>
    new RegExp(`(?:^|[^\\p{L}])${capitalised(word)}(?![\\p{L}])`, 'u').test(page.text) &&
    !page.choices.has(normalizeWord(word));
  return words.length <= 4 && words.every(written);
}

/** The page's text, and the words of what can be chosen on it (controls' names, options): no name of a thing. */
interface PageWords {
  text: string;
  choices: Set<string>;
}

function pageWords(request: InteractRequest): PageWords {
  const names = request.interactiveTree.map(node => node.n ?? '');
  const options = request.skeletonDom ? [...dropdownOptions(request.skeletonDom).values()].flat() : [];
  return {
    text: request.skeletonDom ? documentText(request.skeletonDom) : names.join('  '),
    choices: new Set([...names, ...options].flatMap(rawTokens).map(normalizeWord)),
  };
}

const capitalised = (word: string) =>
  `${word[0].toUpperCase()}${word.slice(1).toLowerCase()}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The name a step wants the search box's things by, when the box is named for them; undefined otherwise. */
function wantedByName(text: string, box: string, page: () => PageWords): string | undefined {
  const pair = soughtPair(text);
  if (!pair || !isName(pair.name, page)) return undefined;
  const boxWords = rawTokens(box).map(normalizeWord);
  return boxWords.includes(normalizeWord(pair.noun)) ? pair.name : undefined;
}

/** What kind of thing the step wants (its noun) and by what name, when it asks for the things of a search box. */
function soughtPair(text: string): { noun: string; name: string } | undefined {
  const filtered = text.match(FILTERED);
  if (filtered) return { noun: filtered[2], name: filtered[1] };
  const shown = text.match(SHOWING)?.[1];
  if (!shown) return undefined;
  const nounFirst = shown.match(NOUN_FIRST);
  if (nounFirst) return { noun: nounFirst[1], name: nounFirst[2] };
  // One thing by its number is sought, not shown: "open invoice INV-2050" is no search when it is absent.
  const numbered = SEARCHING.test(text) ? shown.match(NUMBERED) : null;
  if (numbered) return { noun: numbered[1] ?? numbered[4], name: numbered[2] ?? numbered[3] };
  const nameFirst = shown.match(NAME_FIRST);
  return nameFirst ? { noun: nameFirst[2], name: nameFirst[1] } : undefined;
}

/**
 * A search in the page's search box when the step asks to find something and the page's controls did not answer it
 * (nothing named what it asks for). Undefined when the step is no search or the page has not exactly one search box.
 */
export function searchInstead(request: InteractRequest, text: string): InteractResponse | undefined {
  const boxes = request.interactiveTree.filter(node => roleCode(node.r) === 'srch' && !node.occ);
  if (boxes.length !== 1) return undefined;
  // Read only when a name is in lower case: the page's words are many on a big page.
  let page: PageWords | undefined;
  const pageText = () => (page ??= pageWords(request));
  const byName = wantedByName(text.trim(), boxes[0].n ?? '', pageText);
  if (byName)
    return act(
      { kind: 'type', id: boxes[0].i, text: byName },
      `Type "${byName}" into ${describeNode(boxes[0])}: the query wants what it searches by the name "${byName}", and no control on the page is named for it.`,
    );
  const asked = text.trim().match(SEARCHING);
  if (!asked) return undefined;
  // "look up ISBN 9780571364886", "find order no. 1004": the kind of number is no part of it.
  const asked1 = asked[1]
    .replace(PLACE, '')
    .trim()
    .replace(/^(?:isbn|sku|ref(?:erence)?|number|no\.?|nr\.?|#)\s+(?=\S*\d)/i, '');
  const named = asked1.match(SOUGHT_BY)?.[1];
  // "find the Bluebird Café invoice" in a Search invoices box: the kind the box searches is no part of the name.
  const kinded = asked1.match(/^(\S.*?)(?:['’]s?)?\s+([\p{L}]+)$/u);
  const boxWords = rawTokens(boxes[0].n ?? '').map(normalizeWord);
  const what =
    named && isName(named, pageText)
      ? named
      : kinded && isName(kinded[1], pageText) && boxWords.includes(normalizeWord(kinded[2]))
        ? kinded[1]
        : asked1;
  // Search words only: not a control ("find the Renew button"), nor a clause with a step of its own or a quote.
  const words = rawTokens(what);
  if (!words.length || words.length > 8 || /[,;"“”‘’]|\s'|'\s/.test(what) || words.some(word => word in ROLE_WORDS))
    return undefined;
  // Only what is plainly the text to search for: a title or a name, capitalised word by word ("Klara and the Sun"),
  // or a code or number. "books by Ishiguro" may mean "Ishiguro" or all of it: which is for the user to say.
  // Said "search", any text is the text; said "find" or "do you have", only a title, a name or a code.
  if (!/^search\b/i.test(text.trim()) && !isName(what, pageText)) return undefined;
  return act(
    { kind: 'type', id: boxes[0].i, text: what },
    `Type "${what}" into ${describeNode(boxes[0])}: the query asks to find it, no control on the page is named for it, and this is the page's one search box.`,
  );
}
