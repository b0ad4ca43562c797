/**
 * The words the deterministic planner knows: colours, icons, positions, ordinals, role hints, keys. Kept apart from
 * the parser so the tables read as tables.
 */

/** A word table without Object.prototype, so "constructor" or "toString" in a query is just a word. */
export function table<T>(entries: Record<string, T>): Readonly<Record<string, T>> {
  return Object.assign(Object.create(null) as Record<string, T>, entries);
}

const COLOURS = [
  'red',
  'orange',
  'yellow',
  'green',
  'blue',
  'purple',
  'pink',
  'gray',
  'black',
  'white',
  'brown',
] as const;
export type ColourName = (typeof COLOURS)[number];

export const COLOUR_WORDS: Readonly<Record<string, ColourName>> = table({
  ...Object.fromEntries(COLOURS.map(colour => [colour, colour])),
  grey: 'gray',
  violet: 'purple',
});

/** `icon` is an icon the query does not name ("the icon next to …"): visual, but no name to look for. */
export type IconName =
  | 'icon'
  | 'gear'
  | 'trash'
  | 'pencil'
  | 'magnifier'
  | 'hamburger'
  | 'close'
  | 'plus'
  | 'heart'
  | 'bell'
  | 'house';

export const ICON_WORDS: Readonly<Record<string, IconName>> = table({
  icon: 'icon',
  gear: 'gear',
  cog: 'gear',
  cogwheel: 'gear',
  trash: 'trash',
  bin: 'trash',
  garbage: 'trash',
  wastebasket: 'trash',
  pencil: 'pencil',
  magnifier: 'magnifier',
  hamburger: 'hamburger',
  x: 'close',
  cross: 'close',
  plus: 'plus',
  heart: 'heart',
  bell: 'bell',
  house: 'house',
});

/** What an icon-only control is usually named (its aria-label or title), so the icon can be found by name. */
export const ICON_SYNONYMS: Readonly<Record<IconName, readonly string[]>> = {
  icon: [],
  gear: ['settings', 'setting', 'gear', 'cog', 'preferences', 'options', 'configuration', 'config'],
  trash: ['delete', 'remove', 'trash', 'bin', 'discard'],
  pencil: ['edit', 'pencil', 'rename', 'modify'],
  magnifier: ['search', 'find', 'magnifier'],
  hamburger: ['menu', 'hamburger', 'navigation', 'nav'],
  close: ['close', 'dismiss', 'x', 'cross', 'cancel'],
  plus: ['add', 'plus', 'new', 'create'],
  heart: ['like', 'favourite', 'favorite', 'heart', 'love'],
  bell: ['notifications', 'notification', 'bell', 'alerts'],
  house: ['home', 'house'],
};

export type Position =
  | 'top-left'
  | 'top-right'
  | 'bottom-left'
  | 'bottom-right'
  | 'top'
  | 'bottom'
  | 'left'
  | 'right'
  | 'center';

export const VERTICAL_WORDS: Readonly<Record<string, 'top' | 'bottom'>> = table({
  top: 'top',
  upper: 'top',
  bottom: 'bottom',
  lower: 'bottom',
});
export const HORIZONTAL_WORDS: Readonly<Record<string, 'left' | 'right'>> = table({ left: 'left', right: 'right' });
export const CENTRE_WORDS = new Set(['center', 'centre', 'middle']);

export const ORDINAL_WORDS: Readonly<Record<string, number>> = table({
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  last: -1,
});

/** 1-based position for "second"/"2nd", -1 for "last". */
export function ordinalOf(word: string): number | undefined {
  if (word in ORDINAL_WORDS) return ORDINAL_WORDS[word];
  const numbered = word.match(/^(\d+)(?:st|nd|rd|th)$/);
  return numbered && Number(numbered[1]) > 0 ? Number(numbered[1]) : undefined;
}

/** Non-interactive things a query counts ("the second card"): layout, which the semantic tree does not hold. */
export const CONTAINER_NOUNS = new Set([
  'card',
  'row',
  'item',
  'product',
  'result',
  'tile',
  'entry',
  'post',
  'article',
  'listing',
  'section',
  'panel',
  'column',
  'cell',
  'block',
  'container',
]);

// Role-code families a role word hints at (codes from ROLE_CODES; the full names cover roles sent uncoded).
const TEXT_ROLES = ['txt', 'srch', 'spn', 'cmb'];
export const SEARCH_ROLES = ['srch', 'txt'];
const CHOICE_ROLES = ['cmb', 'lst'];
/** What "pick" or "choose" without a value may mean: a radio, a tab, an option. */
export const PICKABLE_ROLES = new Set(['rad', 'tab', 'opt', 'menuitemradio', 'cmb', 'lst']);
export const CHECK_ROLES = ['chk', 'menuitemcheckbox'];
const RADIO_ROLES = ['rad', 'menuitemradio'];
const SWITCH_ROLES = ['swt', 'chk'];
const MENU_ITEM_ROLES = ['mnu', 'menuitemcheckbox', 'menuitemradio'];

export const ROLE_WORDS: Readonly<Record<string, readonly string[]>> = table({
  button: ['btn'],
  btn: ['btn'],
  link: ['lnk'],
  hyperlink: ['lnk'],
  field: TEXT_ROLES,
  input: TEXT_ROLES,
  textbox: TEXT_ROLES,
  textfield: TEXT_ROLES,
  textarea: TEXT_ROLES,
  box: TEXT_ROLES,
  searchbox: SEARCH_ROLES,
  checkbox: CHECK_ROLES,
  dropdown: CHOICE_ROLES,
  'drop-down': CHOICE_ROLES,
  select: CHOICE_ROLES,
  combobox: CHOICE_ROLES,
  combo: CHOICE_ROLES,
  listbox: CHOICE_ROLES,
  tab: ['tab'],
  radio: RADIO_ROLES,
  option: ['opt'],
  menuitem: MENU_ITEM_ROLES,
  switch: SWITCH_ROLES,
  toggle: SWITCH_ROLES,
  slider: ['sld'],
  image: ['img'],
  picture: ['img'],
  img: ['img'],
  heading: ['hdg'],
});

/** Two-word role phrases: first word → second word → roles. */
export const ROLE_PHRASES: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = table({
  text: table({ box: TEXT_ROLES, field: TEXT_ROLES, input: TEXT_ROLES, area: TEXT_ROLES }),
  check: table({ box: CHECK_ROLES }),
  radio: table({ button: RADIO_ROLES }),
  menu: table({ item: MENU_ITEM_ROLES }),
  drop: table({ down: CHOICE_ROLES }),
  combo: table({ box: CHOICE_ROLES }),
});

// What each verb can act on.
export const TYPEABLE_ROLES = new Set(['txt', 'srch', 'cmb', 'spn']);
export const SELECTABLE_ROLES = new Set(CHOICE_ROLES);
export const CHECKABLE_ROLES = new Set(['chk', 'swt', 'rad', 'menuitemcheckbox', 'menuitemradio']);
/** Roles nobody clicks unless they name them: left out when a query picks by colour, position or order alone. */
export const PASSIVE_ROLES = new Set(['hdg', 'dlg', 'rgn']);

/** Attribute words of a verification that only the full HTML can answer. */
export const RAW_ATTRIBUTES = new Set(['href', 'src', 'class', 'id', 'alt', 'maxlength', 'placeholder', 'style']);
export const ATTRIBUTE_ALIASES: Readonly<Record<string, string>> = table({ classname: 'class', classes: 'class' });
/** "points to", "links to": the href. */
export const HREF_VERBS = new Set(['points', 'point', 'pointing', 'links', 'linking', 'leads', 'goes']);

export const KEY_NAMES: Readonly<Record<string, string>> = table({
  enter: 'Enter',
  return: 'Enter',
  tab: 'Tab',
  escape: 'Escape',
  esc: 'Escape',
  space: 'Space',
  spacebar: 'Space',
  backspace: 'Backspace',
  delete: 'Delete',
  del: 'Delete',
  home: 'Home',
  end: 'End',
  insert: 'Insert',
  pageup: 'PageUp',
  pagedown: 'PageDown',
  up: 'ArrowUp',
  down: 'ArrowDown',
  left: 'ArrowLeft',
  right: 'ArrowRight',
  arrowup: 'ArrowUp',
  arrowdown: 'ArrowDown',
  arrowleft: 'ArrowLeft',
  arrowright: 'ArrowRight',
});

export const MODIFIER_NAMES: Readonly<Record<string, string>> = table({
  ctrl: 'Control',
  control: 'Control',
  shift: 'Shift',
  alt: 'Alt',
  option: 'Alt',
  cmd: 'Meta',
  command: 'Meta',
  meta: 'Meta',
});

/** Words that say where or what kind of thing, not what it is called: never a reason to refuse. */
export const GENERIC_WORDS = new Set([
  ...CONTAINER_NOUNS,
  'page',
  'screen',
  'back',
  'message',
  'email',
  'mail',
  'story',
  'thing',
  'form',
  'site',
  'window',
  'folder',
  'area',
  'part',
  'as',
  'about',
  'option',
  'one',
  'choice',
  'value',
  'text',
  'label',
  'name',
  // The page's own collections and the kind of value a field takes: "the last one in the list", "the privacy
  // settings", "my arrival date".
  'list',
  'setting',
  'settings',
  'date',
  // "my phone number" for a field called Phone.
  'number',
  // Words that quantify or point, naming nothing: "save everything", "load the older stuff", "search again".
  'everything',
  'stuff',
  'things',
  'some',
  'any',
  'every',
  'here',
  'again',
  // "export the whole lot".
  'whole',
  'lot',
]);

/** Verbs that mean "activate it", whatever it is called: "open the invoice", "view the order", "follow the link". */
export const ACTIVATE_VERBS = new Set([
  'open',
  'view',
  'show',
  'see',
  'visit',
  'follow',
  'launch',
  'access',
  'display',
  'expand',
  'read',
  'load',
  'start',
  'use',
  'activate',
  'trigger',
  'hit',
  'press',
  'continue',
  'proceed',
  'list',
]);

/** Verbs that take one of several offers: a flight's Select button, a room's Reserve. */
export const CHOOSE_VERBS = new Set(['choose', 'select', 'pick', 'book', 'reserve', 'take', 'get']);

/** Words the parser reads as parts of a phrase rather than of a name: what a target belongs to ("of", "for" …), */
export const OWNER_PREPOSITIONS = new Set(['of', 'for', 'from', 'in', 'on', 'at', 'with', 'to', 'within', 'inside']);
/** verbs that add quoted text somewhere, verbs of being told ("text me …"), verbs with an on/off particle. */
export const WRITING_VERBS = new Set(['add', 'leave', 'include', 'append']);
export const TELLING_VERBS = new Set([
  'text',
  'email',
  'mail',
  'message',
  'sms',
  'notify',
  'ping',
  'alert',
  'call',
  'remind',
]);
export const PHRASAL_SWITCHES = new Set(['turn', 'switch', 'toggle', 'flip']);

/** Focusing adverbs, which narrow a step and name nothing: "show only mentions", "Mentions only". */
export const FOCUS_WORDS = new Set(['only', 'just', 'even', 'merely']);

/** Verbs of a state, on or off: what a checkbox or switch has, and a tab has not. */
export const ON_OFF_VERBS = new Set([
  'turn',
  'enable',
  'disable',
  'toggle',
  'flip',
  'activate',
  'deactivate',
  'mute',
  'unmute',
]);
