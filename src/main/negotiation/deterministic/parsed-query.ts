// What the parser makes of a step: its verb, the target's words and what qualifies them.
import type { Superlative } from './superlatives';
import type { Verification } from './verification';
import type { ColourName, IconName, Position } from './vocabulary';

/**
 * What the query asks for. `check` ticks or unticks a checkbox (a click); `verify` checks the page and acts on nothing;
 * `set` gives a field or a dropdown a value ("set Quantity to 3"): type or select, whichever the target takes.
 */
export type Verb = 'click' | 'type' | 'select' | 'set' | 'check' | 'scroll' | 'press' | 'navigate' | 'wait' | 'verify';

export interface Ordinal {
  /** 1-based; negative from the end: -1 for "last", -2 for "second to last". */
  n: number;
  word: string;
  /** The non-interactive thing counted ("card" in "the second card"): a layout reference. */
  noun?: string;
  /** The word that ends the query after the ordinal ("order" in "view the second order"): what is counted, not a qualifier. */
  head?: string;
}

export type { Verification };

export interface ParsedQuery {
  verb: Verb;
  /** Target words, lowercased, stop words, role words and visual words removed. */
  words: string[];
  /** Quoted values that name the target. */
  names: string[];
  /** The text to type or the value to select: the first quoted value of a type/select query. */
  value?: string;
  /** Role codes hinted by role words ("button" → btn). */
  roles: string[];
  /** An unknown leading verb kept as a target word ("add" of "Add the Pro plan to cart"): it breaks ties. */
  verbWord?: string;
  /** The verb of a choice with no value ("select the 06:05 flight"): a page may name its controls by it ("Select"). */
  choiceVerb?: string;
  ordinal?: Ordinal;
  /** A second ordinal ("the first Book button in the second row"): a count within a count, which the planner does not make. */
  nestedCount?: boolean;
  colour?: ColourName;
  icon?: IconName;
  position?: Position;
  direction?: 'up' | 'down';
  key?: string;
  /** As written; the planner resolves relative paths and adds a scheme to bare hosts. */
  url?: string;
  waitMs?: number;
  uncheck?: boolean;
  verification?: Verification;
  /**
   * The target's words as written, stop words included ("sign in with"), when it has a stop word between two words:
   * a name that holds the whole phrase is meant over one that holds only its content words ("Sign in").
   */
  phrase?: string[];
  /**
   * The noun that ends the target's own phrase, before any "of", "for", "from" … that names what it belongs to: the
   * kind of thing meant ("flight" of "the 09:30 flight"), which a page need not write beside each one.
   */
  kind?: string;
  /** The words after the kind that name what it belongs to ("twin room" of "photos of the twin room"). */
  ownerWords?: string[];
  /** "go to my wishlist": a place to go, which a link leads to rather than a button named alike. */
  going?: boolean;
  /** "my email", "our address": the speaker's own, which a page titles "Your details" or "My account". */
  mine?: boolean;
  /** Words written as a possessive ("Marcus" of "Marcus's brief"): whose the target is, not what kind. */
  possessors?: string[];
  /** The preposition before them: "to" names a destination ("go back to my cart"), which a name often holds. */
  ownerBy?: string;
  /** "cheapest", "earliest": a pick among the matches by a figure in their rows. */
  superlative?: Superlative;
  /** The verbs of clauses about the target ("leaves" of "the button that leaves this channel"). */
  clauseVerbs?: string[];
  /** What the target is next to, under or about ("… under Pro plan"): words that place it, not words of its name. */
  anchor?: ParsedQuery;
}
