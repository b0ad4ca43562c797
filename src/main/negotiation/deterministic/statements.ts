/**
 * Steps written as statements rather than commands, brought to a command the parser reads: "my phone is 415 555 0134",
 * "gift message: "Happy birthday"", "3 passengers", "take the soup off my plan". Each reads the masked text (quoted
 * spans as \u0000N\u0000), so a quote stands for one value and never breaks a pattern.
 */

/**
 * What only a value looks like, never a field's name: a quoted span, a word with a digit or an @ (a code, a number,
 * an email address, a date, a time), and the digit groups that follow one ("415 555 0134").
 */
const VALUE = String.raw`(?:\u0000\d+\u0000|[^\s,:]*[\d@][^\s,]*(?:\s+[^\s,]*\d[^\s,]*)*)`;
/** A name, capitalised word by word: "Jo Marsh", "Ireland", "Marsh GmbH", "Paris Bercy". */
const NAME = String.raw`(\p{Lu}[\p{L}'’.&-]*(?:\s+(?:\p{Lu}[\p{L}'’.&-]*|\d+\p{L}?|de|da|van|von|der|la|le|of)){0,3})`;
/** A field named in a few words, none of them a verb's clause: "my phone", "the recipient's email". */
const FIELD = String.raw`((?:[\p{L}'’-]+\s+){0,6}?[\p{L}'’-]+)`;
/**
 * "…, could you pop it in?": a clause that only points back at the stated value with a pronoun restates the step; it
 * adds nothing to what to do.
 */
const RESTATED = String.raw`(?:\s*,\s*[^,]*\b(?:it|that|this|them)\b[^,]*)?`;

const IS_VALUE = new RegExp(`^${FIELD}\\s+(?:is|are|was|were|should\\s+be|gets|=)\\s+(${VALUE})${RESTATED}$`, 'iu');
/** "billing street is 12 Rue de Rivoli": a value that opens with a number runs to the end. */
const IS_ADDRESS = new RegExp(`^${FIELD}\\s+(?:is|should\\s+be)\\s+(\\d+\\w*\\s+\\p{Lu}[^,]*)$`, 'u');
/** What only a code looks like: a word with a digit of 4 characters or more, or an @ address, and its digit groups. */
const CODE = String.raw`(?=[^\s]*\d)[^\s,:]{4,}(?:\s+[^\s,]*\d[^\s,]*)*|[^\s,:]+@[^\s,]+`;

/** After a colon anything is the value: "recipient city: Galway", "note: leave it at the door". */
const COLON_VALUE = new RegExp(`^${FIELD}\\s*:\\s+(\\S.*)$`, 'iu');
/** "the country is Ireland", "the gift is for Jo Marsh", "the parcel is going to Priya Nair": a name as the value. */
const IS_NAME = new RegExp(
  `^${FIELD}\\s+(?:is|are|was|were|should\\s+be|will\\s+be|gets)(\\s+(?:for|going\\s+to|addressed\\s+to|from))?\\s+${NAME}$`,
  'u',
);
/**
 * "Kenji should only be a viewer", "the sort order should be newest first", "the city should say Berlin": "should be"
 * asks for a value, whatever it looks like (a bare "is" may describe: "billing is the same as shipping").
 */
const SHOULD_BE = new RegExp(
  `^${FIELD}\\s+(?:should|must|needs?\\s+to|has\\s+to|ought\\s+to)\\s+(?:only\\s+|just\\s+)?(?:be|say|read|show)\\s+(?:an?\\s+|the\\s+)?([\\p{L}\\d][^\\s,]*(?:\\s+[^\\s,]+){0,2})$`,
  'iu',
);
const GOES_TO = new RegExp(
  `^${FIELD}\\s+(?:should|must|will|can)\\s+go\\s+to\\s+(${VALUE}|${NAME.slice(1, -1)})$`,
  'u',
);
/** "3rd card", "the second one": an ordinal and what it counts. */
const COUNTED =
  /^(?:the\s+)?(?:\d+(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last)\s+[\p{L}]+$/iu;
/** "10969 for the delivery zip", "sam@reyes.io goes in the recipient email": a value first, then the field it is for. */
const VALUE_FIRST = new RegExp(
  `^(${VALUE}|${NAME.slice(1, -1)})\\s+(?:(?:goes|go|belongs)\\s+)?(?:in|into|for|as)\\s+(?:the|my|our|his|her|their)\\s+${FIELD}$`,
  'u',
);
/** "my first name's Maria", "phone's +351 912 345 678": "'s" is "is" after a personal detail's field, never a possessive. */
const DETAIL_IS =
  /^((?:[\p{L}-]+\s+){0,3}(?:name|phone|email|e-mail|number|mobile|surname|city|country|address|postcode|zip))['’]s\s+(?!(?:[\p{L}-]+\s+){1,3}(?:should|must|needs?|has|is|ought)\b)(\S.*)$/iu;
/** "card number 4242 4242 4242 4242", "coupon SAVE10": a field, then a value no name looks like. */
const FIELD_CODE = new RegExp(`^((?:[\\p{L}'’-]+\\s+){0,3}[\\p{L}'’-]+)\\s+(${CODE})$`, 'iu');
/** "quiet hours should start at 23:00": the start (or end) of what is named is a field, the time its value. */
const STARTS_AT = new RegExp(
  `^${FIELD}\\s+(?:(?:should|will|must|can)\\s+)?(start|begin|end|finish)s?\\s+(?:at|on|from)\\s+(${VALUE})$`,
  'iu',
);
/** "fly from Porto instead", "travel to Berlin": a trip's ends are its From and To fields. */
const TRIP =
  /^(?:fly(?:ing)?|travel(?:l?ing)?|depart(?:ing)?|leav(?:e|ing)|go(?:ing)?|head(?:ing)?|com(?:e|ing))\s+(from|to)\s+(.+?)(?:\s+instead(?:\s+of\s+.+)?)?$/iu;

/** The nouns of fields that take a code. */
const CODE_FIELDS =
  /^(?:[\p{L}'’-]+\s+){0,2}(?:number|code|coupon|voucher|promo|postcode|zip|phone|mobile|email|id|pin|cvc|cvv|iban|reference|ref|vat|address)$/iu;

/** Who a name is the name of: "the recipient is Jo Marsh" gives the recipient's name, not a Recipient dropdown. */
const PEOPLE =
  /\b(?:recipient|sender|guest|passenger|traveller|traveler|customer|contact|buyer|owner|holder|cardholder|driver|attendee|invitee|member|person|user|author|assignee|reviewer|manager|child|partner|friend|sister|brother|mother|father|mum|mom|dad|wife|husband|colleague|boss|client)s?$/i;

/** "3 passengers", "2 adults": a bare count before a noun gives the field of that name its number. */
const COUNT = /^(\d+)\s+([\p{L}'’-]+(?:\s+[\p{L}'’-]+)?)$/iu;

/**
 * The field and value a statement gives ("<field> is <value>", "<field>: <value>", "<field> starts at <value>",
 * "<n> <field>"), or undefined.
 */
export function statedValue(text: string): { field: string; value: string } | undefined {
  const stated = text.match(IS_VALUE) ?? text.match(COLON_VALUE) ?? text.match(IS_ADDRESS) ?? text.match(DETAIL_IS);
  // "recipes: 3rd card": a count picks an element; it is never a value.
  if (stated && !COUNTED.test(stated[2])) return { field: stated[1], value: stated[2] };
  // "receipts should go to jo@mail.de", "Kingsolver's book should go to Central": where it goes is the value.
  const first = text.match(VALUE_FIRST);
  if (first) return { field: first[2], value: first[1] };
  const going = text.match(GOES_TO);
  if (going) return { field: going[1], value: going[2] };
  const should = text.match(SHOULD_BE);
  if (should) return { field: should[1], value: should[2] };
  const named = text.match(IS_NAME);
  if (named) {
    const [, field, preposition, value] = named;
    // "the gift is for Jo Marsh": the name of whom the thing is for; "the recipient is Jo Marsh": the recipient's name.
    if (preposition) return { field: `name for ${field}`, value };
    return { field: PEOPLE.test(field) ? `${field} name` : field, value };
  }
  const coded = text.match(FIELD_CODE);
  // Only a field's noun before the code: "cancel order 1004" and "Classic fare on TP 538" name rows, not fields.
  if (coded && CODE_FIELDS.test(coded[1])) return { field: coded[1], value: coded[2] };
  const trip = text.match(TRIP);
  // Only a place: "go to settings" names a link, not a To field.
  if (trip && /^\p{Lu}/u.test(trip[2]))
    return { field: `${trip[1][0].toUpperCase()}${trip[1].slice(1)}`, value: trip[2] };
  const timed = text.match(STARTS_AT);
  if (timed) return { field: `${timed[1]} ${timed[2].toLowerCase()}`, value: timed[3] };
  const count = text.match(COUNT);
  return count ? { field: count[2], value: count[1] } : undefined;
}

/** "billing city Leeds", "card 4242 4242 4242 4242", "CVC 314", "from Porto": a field's words, then its value. */
const FIELD_THEN_VALUE = new RegExp(
  String.raw`^((?:(?:\d+(?:st|nd|rd|th)|[\p{L}'’-]+)\s+){0,3}[\p{L}'’-]+)\s+((?:\+?[^\s,]*\d[^\s,]*(?:\s+[^\s,]*\d[^\s,]*)*(?:\s+\p{Lu}[\p{L}'’.-]*)*)|(?:\p{Lu}[\p{L}'’.&-]*(?:\s+\p{Lu}[\p{L}'’.&-]*){0,3}))$`,
  'u',
);

/**
 * The statement a verbless step may be read as, "<field> <value>" — to be tried only when reading it as a command
 * (its first word a verb, "renew Piranesi") found nothing: [field, value], or undefined.
 */
export function fieldThenValue(text: string): [string, string] | undefined {
  const m = text.match(FIELD_THEN_VALUE);
  return m ? [m[1], m[2]] : undefined;
}

/**
 * Phrasal verbs a control is never named by, as the verb it is: "take X off Y" removes X from Y, "get rid of X"
 * deletes it, "make a new folder" is the New folder control.
 */
const PHRASAL: [RegExp, string][] = [
  [/^take\s+(.+?)\s+(?:off|out\s+of)\s+(.+)$/i, 'remove $1 from $2'],
  [/^get\s+rid\s+of\s+/i, 'remove '],
  [
    /^(?:make|create|start|add)\s+(?:a|an)\s+(?:new\s+)?(?=folder|file|invoice|expense|project|list|note|message|email|event|task)/i,
    'click new ',
  ],
  [/^(?:make|create|start)\s+(?:a|an)\s+new\s+/i, 'click new '],
  [/^pop\s+(?:into|in\s+to|over\s+to)\s+/i, 'open '],
  // Verbs with a particle that open a thing: "pull up the lemon chicken recipe", "open up the 4th link", "pop open the
  // gear icon", "have a look at the stops", "head over to My tasks".
  [/^(?:pull|bring|call)\s+up\s+(?!everything\b|all\b)/i, 'open '],
  [/^(?:open|pop|flip)\s+(?:up|open)\s+/i, 'open '],
  [/^(?:have|take|give)\s+(?:a\s+)?(?:quick\s+)?(?:look|peek|gander|glance)\s+(?:at|in|inside)\s+/i, 'view '],
  [/^(?:head|hop|jump|skip|nip|pop)\s+(?:over\s+|across\s+|back\s+)?(?:to|into)\s+/i, 'go to '],
  // "do click on the second link", "make click on Save": a click said the way other languages say it.
  [/^(?:do|make|give)\s+(?:a\s+)?(?:click|tap)\s+(?:on\s+)?/i, 'click '],
  // "key in 4111…", "jot down +49…", "punch in the code": typing, the particle no part of the value.
  [/^(?:key|punch|tap|type)\s+in\s+(?=\S)/i, 'type '],
  [/^(?:jot|write|note|put)\s+down\s+(?=\S)/i, 'type '],
  // "specify suite 300", "provide apartment 4B", "complete the apartment field with 4B": a value given to a field.
  [/^(?:complete|populate)\s+(?=.+\swith\s)/i, 'fill '],
  // "add 4B in the apartment field", "give the flat number 12": a value given to a field by a verb of giving.
  [
    /^(?:add|include|give|say|list|put\s+down)\s+(?=\S*\d\S*\s+(?:in|into|as)\s|(?:the\s+|my\s+)?(?:[\p{L}]+\s+){1,3}\S*\d\S*$)/iu,
    'enter ',
  ],
  [
    /^(?:specify|record|note|provide|supply|mention|append|(?:throw|tack|slip|squeeze|slot|plug|pop|stick|shove|pencil|chuck|bung)\s+(?:in|on|down))\s+(?!(?:apt|apartment|suite|unit|flat)\b)(?=.*(?:\d|@|\u0000))/i,
    'enter ',
  ],
  // "kick Tom off the team", "kick out Lena": a member removed; "wipe out my account": deleted.
  [/^(?:kick|boot|throw)\s+(.+?)\s+(?:off|out\s+of)\s+(.+)$/i, 'remove $1 from $2'],
  [/^(?:kick|boot|throw)\s+out\s+/i, 'remove '],
  [/^wipe\s+out\s+/i, 'delete '],
  [/^whip\s+up\s+/i, 'make '],
  // "bump the servings up to 6", "scale up the curry to 8", "up the risotto to 8": the direction is the value's.
  [/^(bump|scale|turn|ramp|crank|push|move|bring|knock|step)\s+(.+?)\s+(?:up|down)\s+to\s+/i, '$1 $2 to '],
  [/^(bump|scale|turn|ramp|crank|push|knock|step)\s+(?:up|down)\s+(?=.+\sto\s)/i, '$1 '],
  [/^up\s+(?=.+\sto\s+\S*\d)/i, 'increase '],
  // "downgrade Maria to viewer", "promote Lena to an editor": a member's role set to the value.
  [/^(?:promote|demote|upgrade|downgrade)\s+(.+?)\s+(?:to|as)\s+(?:an?\s+)?(\S.*)$/i, 'set $1 to $2'],
  // "put me on the 13:55", "sort me a ticket on TGV 6219", "snap up the 9:40", "hop on the Nice train": booked.
  [/^(?:put|get)\s+(?:me|us)\s+on(?:to)?\s+/i, 'book '],
  [
    /^(?:sort|get|grab|nab|book|reserve|need|want|choose|select|pick)\s+(?:out\s+)?(?:(?:me|us)\s+)?(?:out\s+)?(?:(?:some|an?|two|three|\d+)\s+)?(?:tickets?|seats?|spots?|places?)\s+(?:on|for|in)\s+(?=(?:the|that|this)\s|[a-z]+\s+\d|\d{1,2}[:.]\d{2})/i,
    'book ',
  ],
  [/^(?:snap|lock)\s+(?:up|in)\s+/i, 'book '],
  [/^(?:count\s+(?:me|us)\s+in|put\s+(?:me|us)\s+down)\s+for\s+/i, 'book '],
  [/^(?:travel|ride|be|hop|jump)\s+on(?:to)?\s+(?=(?:the|that|this)\s|[a-z]+\s+\d|\d{1,2}[:.]\d{2})/i, 'book '],
  // "opt for the 13:55", "let's do the 13:55", "make it the 9:40", "the 13:55 it is": a choice among offers.
  [/^(?:opt\s+for|settle\s+on|go\s+for|do|make\s+it)\s+(?=(?:the|that|this)\s)/i, 'choose '],
  [/^((?:the|that|this)\s+.+?)\s+it\s+is$/i, 'choose $1'],
  [/^catch\s+(?=(?:the|that|this)\s)/i, 'book '],
  // "send it off", "send off the form": the particle adds nothing to send.
  [/^send\s+(?:it|this|them)\s+off$/i, 'send'],
  [/^send\s+off\s+/i, 'send '],
  // "invite sam@acme.test", "add jo@mail.de": the address is typed where an address goes.
  [/^(?:invite|add)\s+(\S+@\S+\.\S+)$/i, 'type $1'],
  // "send the invite again for Lena": sent again is resent.
  [/^send\s+(.+?)\s+again\b\s*/i, 'resend $1 '],
  [/^fire\s+off\s+/i, 'send '],
  // "check out", "check out now": the checkout, not a checkbox.
  [/^check\s+out\s+(?:what'?s\s+(?:in|on)\s+)(?=\S)/i, 'open '],
  [/^check\s+out\b/i, 'click checkout'],
  [/^look\s+at\s+/i, 'view '],
  // "send the receipts to jo@mail.de": where they go is the value of the field they are named by.
  [/^(?:send|email|mail|forward)\s+(.+?)\s+to\s+(\S+@\S+)$/i, 'set "$2" in $1'],
  // "write a new email", "check for new mail": a mail app's Compose and Refresh.
  [/^(?:write|compose|draft|start)\s+(?:a\s+)?(?:new\s+)?(?:e-?mail|message|mail)$/i, 'click compose'],
  [/^check\s+for\s+new\s+(?:e-?mails?|messages|mail)$/i, 'click refresh'],
  // "put everything back to default", "start over": the settings' reset; "pick up X at Central": its collection.
  [
    /^(?:put|set|change|turn)\s+(?:everything|it\s+all|all|them|it|the\s+settings)\s+back(?:\s+to\s+(?:the\s+)?defaults?)?$/i,
    'reset to defaults',
  ],
  [/^(?:go\s+)?back\s+to\s+(?:the\s+)?(?:default|original)\s+settings$/i, 'reset to defaults'],
  [/^pick\s+up\s+/i, 'collect '],
  // "put the oldest stuff on top", "sort so the newest ones are at the top": an order, not a pin.
  [
    /^(?:put|show|sort|order|list)\s+(?:(?:it|them)\s+)?(?:so\s+(?:that\s+)?)?(?:the\s+)?([\p{L}]+est|unread)\s+(?:(?:ones|stuff|things|items|messages|mails?|emails?)\s+)?(?:(?:are|is|come|go)\s+)?(?:on|at)\s+(?:the\s+)?top$/iu,
    'sort by $1 first',
  ],
  // "keep the lunch email on top", "mark it as important": pinned or flagged; "get a copy of X": its download.
  [
    /^(?:keep|stick|put|move|fix|float|bump|nail|pin)\s+(.+?)\s+(?:(?:on|at|to)\s+(?:the\s+)?top|up\s+top)(?:\s+of\s+(?:the|my)\s+(?:list|inbox|mail|messages))?$/i,
    'pin $1',
  ],
  [/^(?:keep|leave)\s+(.+?)\s+pinned$/i, 'pin $1'],
  [/^make\s+(.+?)\s+sticky$/i, 'pin $1'],
  [/^put\s+a\s+pin\s+in\s+/i, 'pin '],
  [/^make\s+sure\s+(.+?)\s+stays?\s+(?:on|at)\s+(?:the\s+)?top$/i, 'pin $1'],
  [/^mark\s+(.+?)\s+as\s+(?:important|a\s+priority|priority|a\s+favou?rite)$/i, 'flag $1'],
  [/^(?:get|grab|make)\s+(?:me\s+)?a\s+copy\s+of\s+/i, 'download '],
  // "send it to Ireland": where it goes is where it ships.
  [/^(?:send|post|mail)\s+(?:it|this|them)\s+to\s+(?=\p{Lu})/u, 'ship it to '],
  // "arriving 14/06/2025", "we check out 16/06/2025": the date of the stay's end the verb names.
  [
    /^(?:(?:i|we)(?:'ll|'re|\s+will|\s+are)?\s+)?(?:arriv(?:e|ing)|check(?:ing)?[\s-]?in)\s+(?:on\s+)?(?=\d)/i,
    'set arrival to ',
  ],
  [
    /^(?:(?:i|we)(?:'ll|'re|\s+will|\s+are)?\s+)?(?:leav(?:e|ing)|depart(?:ing)?|check(?:ing)?[\s-]?out)\s+(?:on\s+)?(?=\d)/i,
    'set departure to ',
  ],
  // "say no to Marco's invitation", "no to the group invite": a refusal; "no welcome email": turned off.
  [/^(?:say\s+)?no\s+to\s+/i, 'decline '],
  [/^(?:say\s+)?yes\s+to\s+/i, 'accept '],
  [/^no\s+(?!more\b|longer\b)(?=[\p{L}])/iu, 'turn off '],
  [/^get\s+(?:me|us)\s+out\s+of\s+/i, 'leave '],
  // "get the Q3 brief downloaded": the participle is what to do.
  [/^(?:get|have|want)\s+(.+?)\s+(download|print|renew|cancel|book|export|flag)g?ed$/i, '$2 $1'],
  [/^(?:get|have|want)\s+(.+?)\s+(delet|archiv|shar|sav|approv|mut)ed$/i, '$2e $1'],
  [/^(?:get|have|want)\s+(.+?)\s+(pin|star)[nr]?ed$/i, '$2 $1'],
  [/^(?:set|mark|make)\s+(.+?)\s+(?:to|as)\s+(pin|star)[nr]?ed$/i, '$2 $1'],
  // "select pin for the lunch email": the control's name said as a choice.
  [/^(?:select|choose|pick)\s+(pin|star|archive|reply|delete|remove)\s+(?:for|on)\s+/i, '$1 '],
  // "Apt 4B for the shipping address": a unit's number is the value of the apartment field, designation and all.
  [
    /^(?:(?!(?:remove|delete|clear|erase|cancel|wipe|drop)\b)[a-z]+(?:\s+(?:in|on|down))?\s+)?((?:apt|apartment|suite|unit|flat)\.?\s+\S*\d\S*)(?:\s+(?:for|in|on|of|to)\s+(.+))?$/i,
    'set "$1" in apartment for $2',
  ],
  // "for the trail runners pick 43": whose, then what to choose.
  [/^for\s+(.+?)\s*,?\s+(pick|choose|select)\s+(\S.*)$/i, '$2 $3 for $1'],
  // "in the second street field type Hauptstr 5": where, then what to put there.
  [
    /^in(?:to)?\s+(the\s+.+?\s(?:field|box|input|dropdown))\s*,?\s+(type|enter|write|put|select|choose|pick)\s+(\S.*)$/i,
    '$2 $3 into $1',
  ],
  // "go on to payment": the step that continues, not a Payment link of the steps above.
  [/^(?:go|move|carry)\s+on\s+to\s+/i, 'continue to '],
  [/^(?:take|bring)\s+(?:me|us)\s+(?:back\s+)?to\s+/i, 'go to '],
  [/^sign\s+(?:me|us)\s+up\s+(?:for|to)\s+/i, 'subscribe to '],
  // "look up candles in the store", "look for 'invoice' in the drive": a search — not "look up the address", which
  // a Look up control may be named for.
  [/^look\s+(?:up|for)\s+(?=\u0000|.*\s+in\s+(?:the|our|my)\s+\S+$)/i, 'search for '],
  // "let's go with the 06:05", "go for the cheaper one": a choice.
  [/^(?:let(?:'|’)?s\s+)?go\s+(?:with|for)\s+/i, 'choose '],
];

/**
 * "Leo's message can be marked read", "the draft should be deleted": the passive of a command, brought to the
 * command ("mark Leo's message read"). The participle loses its ending ("marked" → "mark", "deleted" → "delet"),
 * which names match as a short extension.
 */
const PASSIVE =
  /^(.+?)\s+(?:can|could|should|must|may|needs?\s+to|has\s+to|have\s+to|is\s+to)\s+be\s+([\p{L}]+?)(ied|ed)\b\s*(?:as\s+)?(.*)$/iu;

/**
 * "what's in the chickpea curry? open it": a question about a thing, then a command about "it" — the command, about
 * the thing. "what are the fare rules?": a question about a thing shown on request — showing it.
 */
const ASKED_THEN_TOLD = /^(?:what|which|how)\b[^?]*?\b(?:in|about|of|on|for)\s+([^?]+?)\s*\?\s*(\S.*)$/i;
const ASKED = /^(?:what|which)(?:'s|’s|\s+is|\s+are)\s+([^?]+?)\s*\??$/i;
const POINTING = /\b(?:it|its\s+page|that|them|this\s+one)\b/i;

/** The step with a phrasal verb replaced by its one-word equivalent, a passive by its command; else unchanged. */
export function plainVerb(text: string): string {
  const told = text.match(ASKED_THEN_TOLD);
  if (told && POINTING.test(told[2])) return told[2].replace(POINTING, told[1]);
  const asked = text.match(ASKED);
  if (asked) return `show ${asked[1]}`;
  for (const [pattern, replacement] of PHRASAL) if (pattern.test(text)) return text.replace(pattern, replacement);
  const passive = text.match(PASSIVE);
  if (passive) {
    const [, subject, stem, ending, rest] = passive;
    // "pinned" → "pin", "starred" → "star": a doubled last letter is the participle's.
    const verb = ending === 'ied' ? `${stem}y` : /([b-df-hj-np-tv-z])\1$/i.test(stem) ? stem.slice(0, -1) : stem;
    return `${verb} ${subject}${rest ? ` ${rest}` : ''}`;
  }
  return text;
}

/**
 * A remark on how things stand ("all done I think", "that's everything", "that looks right"), closed by a comma or a
 * full stop: it says why the step comes now, not what it acts on. Dropped only before more text.
 */
export const REMARK =
  /^(?:(?:all\s+)?done|(?:that|this|it)(?:'s|’s|\s+is)\s+(?:everything|all|it|right|correct|fine|good|great)|(?:that|this|it)\s+looks?\s+(?:right|good|fine|correct|great)|looks?\s+(?:right|good|fine|correct|great))(?:\s+i\s+think)?\s*[,.!]+\s*(?=\S)/i;
