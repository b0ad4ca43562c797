import { expect, test } from '@playwright/test';
import { rephrase, splitSteps } from './phrasing';

test('multi-step: the first step, the rest as written; names and quoted text never split', () => {
  expect(splitSteps('Add the Pro plan to cart, then click Checkout')).toEqual({
    first: 'Add the Pro plan to cart',
    rest: 'click Checkout',
  });
  expect(splitSteps('click the red Delete button and then Approve')).toEqual({
    first: 'click the red Delete button',
    rest: 'Approve',
  });
  expect(splitSteps('type boots into the search box and press Enter')).toEqual({
    first: 'type boots into the search box',
    rest: 'press Enter',
  });
  expect(splitSteps('type Lisbon into From, Tokyo into To and search flights')).toEqual({
    first: 'type Lisbon into From',
    rest: 'Tokyo into To and search flights',
  });
  expect(splitSteps('fill first name with Ada and last name with Lovelace')).toEqual({
    first: 'fill first name with Ada',
    rest: 'last name with Lovelace',
  });
  expect(splitSteps('click Swap origin and destination')).toEqual({ first: 'click Swap origin and destination' });
  expect(splitSteps('type "salt and then pepper" into Notes')).toEqual({
    first: 'type "salt and then pepper" into Notes',
  });
  expect(splitSteps('write Hello, I would like a demo in the message box')).toEqual({
    first: 'write Hello, I would like a demo in the message box',
  });
  expect(splitSteps('then click Newer orders')).toEqual({ first: 'click Newer orders' });
  // A wrapper's comma ends no step.
  expect(splitSteps('okay, go on and archive the invoice')).toEqual({ first: 'archive the invoice' });
  expect(splitSteps('perfect, next remove the member, then click Save')).toEqual({
    first: 'remove the member',
    rest: 'click Save',
  });
});

test('polite and chatty wrappers are dropped', () => {
  expect(rephrase('please could you click Checkout').text).toBe('click Checkout');
  expect(rephrase('Could you hit Cancel please').text).toBe('hit Cancel');
  expect(rephrase('hi! could you please tick the newsletter box').text).toBe('tick the newsletter box');
  expect(rephrase('ok now please open the notifications tab for me?').text).toBe('open the notifications tab');
  // Wrappers with words of their own, and interjections before a comma or a verb.
  expect(rephrase("I'd love it if you could click Checkout").text).toBe('click Checkout');
  expect(rephrase('okay, go on and click Checkout').text).toBe('click Checkout');
  expect(rephrase('perfect, next click Checkout').text).toBe('click Checkout');
  expect(rephrase('hmm, can you click Checkout').text).toBe('click Checkout');
  expect(rephrase('would you mind clicking Checkout').text).toBe('click Checkout');
  expect(rephrase('would you mind typing hello in the search box').text).toBe('type "hello" into the search box');
  expect(rephrase("let's open the notifications tab").text).toBe('open the notifications tab');
  expect(rephrase('I want you to tick the newsletter box').text).toBe('tick the newsletter box');
  // A wrapper never hides a verb no action carries out.
  expect(rephrase("I'd love it if you could hover over Pricing").unsupported).toBe('hover over');
  expect(rephrase('okay, right click the email').unsupported).toBe('right click');
  // "Next" alone, or before what is not a verb, is a name.
  expect(rephrase('Next').text).toBe('Next');
  expect(rephrase('next page').text).toBe('next page');
  expect(rephrase('click Next').text).toBe('click Next');
});

test('unquoted values: into/in/as/for, fill … with, set … to, choose … in, search for, sort by', () => {
  expect(rephrase('Enter trip to Lisbon into the New expense field').text).toBe(
    'type "trip to Lisbon" into the New expense field',
  );
  expect(rephrase('type hello world in the search box').text).toBe('type "hello world" into the search box');
  expect(rephrase('enter ada@example.com as the email').text).toBe('type "ada@example.com" into the email');
  expect(rephrase('put s3cret! in the password field').text).toBe('type "s3cret!" into the password field');
  expect(rephrase('fill the email with a@b.co').text).toBe('type "a@b.co" into the email');
  // A value after the field, told by a digit or an @.
  expect(rephrase('enter the billing postcode 1010').text).toBe('type "1010" into the billing postcode');
  expect(rephrase('fill in the VAT number DE123456789').text).toBe('type "DE123456789" into the VAT number');
  expect(rephrase('type the order number').text).toBe('type the order number');
  expect(rephrase('set Quantity to 3')).toEqual({ text: 'set "3" in Quantity', set: true });
  expect(rephrase('change display name to Ada L.')).toEqual({ text: 'set "Ada L." in display name', set: true });
  expect(rephrase('change the delivery country to the Netherlands')).toEqual({
    text: 'set "Netherlands" in the delivery country',
    set: true,
  });
  // A target made of stop words is quoted, so it survives as a name.
  expect(rephrase('set To to Tokyo')).toEqual({ text: 'set "Tokyo" in "To"', set: true });
  expect(rephrase('choose USD as the currency').text).toBe('select "USD" in the currency');
  expect(rephrase('pick Travel from the category dropdown').text).toBe('select "Travel" in the category dropdown');
  expect(rephrase('search for red shoes').text).toBe('search for "red shoes"');
  expect(rephrase('search mail for invoice').text).toBe('search for "invoice" in mail');
  expect(rephrase('sort by Newest').text).toBe('select "Newest" in sort by');
  // No value where there is none: a choice, a button, a tab.
  expect(rephrase('select the Private profile radio button').text).toBe('select the Private profile radio button');
  expect(rephrase('search flights').text).toBe('search flights');
  expect(rephrase('switch to the General tab').text).toBe('switch to the General tab');
  expect(rephrase('type "x" into Notes').text).toBe('type "x" into Notes');
});

test('misspelt verbs are corrected; verbs with no action are named', () => {
  expect(rephrase('clcik checkout').text).toBe('click checkout');
  expect(rephrase('clik the Export csv button').text).toBe('click the Export csv button');
  expect(rephrase('serach for boots').text).toBe('search for "boots"');
  expect(rephrase('typ "Lunch" into new expence').text).toBe('type "Lunch" into new expence');
  expect(rephrase('hover over the Pricing link').unsupported).toBe('hover over');
  expect(rephrase('drag the Pro plan card to the cart').unsupported).toBe('drag');
  expect(rephrase('right-click the email').unsupported).toBe('right-click');
  expect(rephrase('double click Save').unsupported).toBe('double click');
});

test('a statement gives a field its value: "<field> is <value>", "<field>: <value>", "<n> <field>"', () => {
  // The value is what only a value looks like: digits, an @, a quoted span; a later clause that points back at it with
  // a pronoun restates the step.
  expect(rephrase('my phone is 415 555 0134')).toEqual({ text: 'set "415 555 0134" in my phone', set: true });
  expect(rephrase("the recipient's email is ada@example.com")).toEqual({
    text: `set "ada@example.com" in the recipient's email`,
    set: true,
  });
  expect(rephrase('the voucher code is SPRING24, can you enter it?')).toEqual({
    text: 'set "SPRING24" in the voucher code',
    set: true,
  });
  expect(rephrase('card note: "See you soon, Ada"')).toEqual({
    text: 'set "See you soon, Ada" in card note',
    set: true,
  });
  expect(rephrase('2 adults')).toEqual({ text: 'set "2" in adults', set: true });
  // "<field> starts at <value>": the field's start is a field of its own.
  expect(rephrase('the meeting should start at 09:30')).toEqual({
    text: 'set "09:30" in the meeting start',
    set: true,
  });
  expect(rephrase('do not disturb ends at 7:00')).toEqual({ text: 'set "7:00" in do not disturb end', set: true });
  // A name is a value too: for whom a thing is, or a person's name; and a code after its field's noun.
  expect(rephrase('the gift is for Jo Marsh')).toEqual({ text: 'set "Jo Marsh" in name for the gift', set: true });
  expect(rephrase('the recipient is Jo Marsh')).toEqual({ text: 'set "Jo Marsh" in the recipient name', set: true });
  expect(rephrase('billing country should be Austria')).toEqual({
    text: 'set "Austria" in billing country',
    set: true,
  });
  expect(rephrase('billing postcode is SW1A 2AA')).toEqual({ text: 'set "SW1A 2AA" in billing postcode', set: true });
  expect(rephrase('card number 4242 4242 4242 4242')).toEqual({
    text: 'set "4242 4242 4242 4242" in card number',
    set: true,
  });
  expect(rephrase('delivery city: Munich')).toEqual({ text: 'set "Munich" in delivery city', set: true });
  expect(rephrase('use promo code FERN10').text).toBe('type "FERN10" into promo code');
  // "should be" asks for a value, whatever it looks like.
  expect(rephrase('Kenji should only be a viewer')).toEqual({ text: 'set "viewer" in Kenji', set: true });
  expect(rephrase('order them by sender').text).toBe('select "sender" in sort by');
  // A row's words before a number are no field: "cancel order 1004" cancels it.
  expect(rephrase('cancel order 1004').set).toBeUndefined();
  // Not a value: words only; and a step that opens with a verb is a command or a check, never a statement.
  expect(rephrase('billing is the same as shipping').set).toBeUndefined();
  expect(rephrase('verify the total is 42.50').set).toBeUndefined();
  expect(rephrase('make sure the total is 42.50').set).toBeUndefined();
});

test('discourse around a step: sentences of interjections, remarks on how things stand, closing adverbs', () => {
  expect(rephrase('perfect. hmm actually, could you open the archive').text).toBe('open the archive');
  expect(rephrase('great, thanks. click Checkout').text).toBe('click Checkout');
  expect(rephrase('all done I think, click Checkout please').text).toBe('click Checkout');
  expect(rephrase("ok that's everything, click Checkout").text).toBe('click Checkout');
  expect(rephrase('that looks right. click Checkout').text).toBe('click Checkout');
  expect(rephrase('tick the newsletter box too, thanks!').text).toBe('tick the newsletter box');
  expect(rephrase('open the archive pls').text).toBe('open the archive');
  // A remark is dropped only before more text: "Done" alone names a control.
  expect(rephrase('Done').text).toBe('Done');
});

test('phrasal verbs become the verb they are: take … off, get rid of, make a new …', () => {
  expect(rephrase('take the soup off my list').text).toBe('remove the soup from my list');
  expect(rephrase("okay let's go with the 06:05 please").text).toBe('choose the 06:05');
  // A passive is the command it describes; the participle's ending goes.
  expect(rephrase("Leo's message can be marked read").text).toBe("mark Leo's message read");
  expect(rephrase('the note from Dana should be pinned').text).toBe('pin the note from Dana');
  expect(rephrase('all replies need to be marked as read').text).toBe('mark all replies read');
  expect(rephrase('please get rid of the old draft').text).toBe('remove the old draft');
  expect(rephrase('get the Q3 brief downloaded').text).toBe('download the Q3 brief');
  expect(rephrase('get me out of this channel').text).toBe('leave this channel');
  expect(rephrase("say no to Marco's invitation").text).toBe("decline Marco's invitation");
  expect(rephrase('no welcome email').text).toBe('turn off welcome email');
  expect(rephrase('in the second street field type Hauptstr 5').text).toBe(
    'type "Hauptstr 5" into the second street field',
  );
  expect(rephrase('the first street field gets Main St 1')).toEqual({
    text: 'set "Main St 1" in the first street field',
    set: true,
  });
  // A unit's designation and number are the apartment field's value.
  expect(rephrase('Apt 4B for the shipping address').text).toBe('set "Apt 4B" in apartment for the shipping address');
  expect(rephrase('add Apt 4B to the address').text).toBe('set "Apt 4B" in apartment for the address');
  expect(rephrase('address line 2: Apt 4B')).toEqual({ text: 'set "Apt 4B" in apartment', set: true });
  expect(rephrase('could you pop Berlin into the delivery town field').text).toBe(
    'type "Berlin" into the delivery town field',
  );
  // A date with the verb of a stay's start or end is that field's value.
  expect(rephrase('arriving 14/06/2025')).toEqual({ text: 'set "14/06/2025" in arrival', set: true });
  expect(rephrase('we check out 16/06/2025')).toEqual({ text: 'set "16/06/2025" in departure', set: true });
  expect(rephrase('could you make a new playlist').text).toBe('click new playlist');
  // Verbs with a particle: the particle is no word of the target, nor of a value.
  expect(rephrase('could you pull up the lemon chicken recipe').text).toBe('open the lemon chicken recipe');
  expect(rephrase('pop open the gear icon').text).toBe('open the gear icon');
  expect(rephrase('have a look at the stops').text).toBe('view the stops');
  expect(rephrase('head over to My tasks').text).toBe('go to My tasks');
  expect(rephrase('do click on second view recipe link').text).toBe('click second view recipe link');
  expect(rephrase('key in 4111 1111 1111 1111 for the card').text).toBe('type "4111 1111 1111 1111" into the card');
  expect(rephrase('jot down +49 30 1234567 as my number').text).toBe('type "+49 30 1234567" into my number');
  expect(rephrase('kick Tom off the team').text).toBe('remove Tom from the team');
  expect(rephrase('okay, send it off').text).toBe('send');
});

test('a value first, then its field; "should say"; "instead of" is not part of the value', () => {
  expect(rephrase('10969 for the delivery zip')).toEqual({ text: 'set "10969" in delivery zip', set: true });
  expect(rephrase('sam@reyes.io goes in the recipient email')).toEqual({
    text: 'set "sam@reyes.io" in recipient email',
    set: true,
  });
  expect(rephrase("the delivery address's city should say Berlin")).toEqual({
    text: 'set "Berlin" in the delivery address\'s city',
    set: true,
  });
  expect(rephrase('leaving from Paris Bercy instead of Gare de Lyon')).toEqual({
    text: 'set "Paris Bercy" in "From"',
    set: true,
  });
  // A count picks an element; it is never a value.
  expect(rephrase('recipes: 3rd card').text).not.toMatch(/^set/);
});

test('sort <what> by <key>: what is sorted is not the key', () => {
  expect(rephrase('sort them by price').text).toBe('select "price" in sort by');
  expect(rephrase('sort the files by date modified').text).toBe('select "date modified" in sort by');
});

test('a place said before the step goes after it; step markers and grunts open no step', () => {
  expect(rephrase('under Alerts, would you tick the weekly digest for me').text).toBe(
    'tick the weekly digest under Alerts',
  );
  expect(rephrase('under visibility make my profile private, thank you, quickly').text).toBe(
    'make my profile private under visibility',
  );
  expect(rephrase('in the Profile section set the time zone to New York, thanks').text).toBe(
    'set "New York" in the time zone in the Profile section',
  );
  expect(rephrase('in stock only').text).toBe('in stock only');
  expect(rephrase('next up: mute everything overnight').text).toBe('mute everything overnight');
  expect(rephrase('step 2: book TGV 6219').text).toBe('book TGV 6219');
  expect(rephrase('ugh, pls just reload the inbox for me').text).toBe('reload the inbox');
  expect(rephrase('lemme see some more recipes, pretty please').text).toBe('see some more recipes');
  expect(rephrase("i'd appreciate if you switch on push for mentions").text).toBe('switch on push for mentions');
  expect(rephrase('I wonder if you might book the last train').text).toBe('book the last train');
  expect(rephrase("If it isn't too much trouble, would you pin the first message?").text).toBe('pin the first message');
  expect(rephrase('yo, reply to Alex real quick').text).toBe('reply to Alex');
});

test('ways of booking one of several offers become a choice or a booking of it', () => {
  expect(rephrase('could you put me on the 13:55 to Montpellier').text).toBe('book the 13:55 to Montpellier');
  expect(rephrase('sort me out a ticket on TGV 6219').text).toBe('book TGV 6219');
  expect(rephrase('we need seats on the 13:55').text).toBe('book the 13:55');
  expect(rephrase('please snap up the 13:55 train').text).toBe('book the 13:55 train');
  expect(rephrase('count me in for the 13:55').text).toBe('book the 13:55');
  expect(rephrase('can we do the 13:55').text).toBe('choose the 13:55');
  expect(rephrase('I think we will go for the Montpellier one').text).toBe('choose the Montpellier one');
  expect(rephrase('alright then, the 13:55 it is').text).toBe('choose the 13:55');
  // A number of seats is no train: "select seats for 2" books nothing.
  expect(rephrase('select seats for 2').text).not.toMatch(/^book/);
  expect(rephrase('pick seats for me').text).not.toMatch(/^book/);
  expect(rephrase('jump on it').text).not.toMatch(/^book/);
  expect(rephrase('hop on TGV 6219').text).toBe('book TGV 6219');
});

test('an interjection before a verb and its object goes; before a name it stays', () => {
  expect(rephrase('perfect, next flag the one about lunch').text).toBe('flag the one about lunch');
  expect(rephrase('great, star my draft').text).toBe('star my draft');
  expect(rephrase('next page').text).toBe('next page');
  expect(rephrase('next step please').text).toBe('next step');
});

test('pinned, kept on top, made sticky: the Pin of what is named', () => {
  expect(rephrase('could you fix the lunch mail to the top').text).toBe('pin the lunch mail');
  expect(rephrase('keep the lunch email at the top of the list please').text).toBe('pin the lunch email');
  expect(rephrase("okay go on and keep Priya's message pinned").text).toBe("pin Priya's message");
  expect(rephrase('get the lunch email pinned').text).toBe('pin the lunch email');
  expect(rephrase('get the lunch email flagged').text).toBe('flag the lunch email');
  expect(rephrase('mark the lunch email as pinned').text).toBe('pin the lunch email');
  expect(rephrase('make sure the lunch email stays at the top').text).toBe('pin the lunch email');
});

test('an order said by what comes on top is a sort, not a pin', () => {
  expect(rephrase('put the oldest stuff on top').text).toBe('select "oldest first" in sort by');
  expect(rephrase('sort so the newest ones are at the top').text).toBe('select "newest first" in sort by');
  expect(rephrase('put the lunch email on top').text).toBe('pin the lunch email');
});

test('why a step is asked names nothing to act on; chat at the end goes too', () => {
  expect(rephrase("pin Priya's email about lunch so I don't forget it").text).toBe("pin Priya's email about lunch");
  expect(rephrase('send me a test sms to check it works').text).toBe('send me a test sms');
  expect(rephrase('oh and sort it oldest first please um yeah').text).toBe('select "oldest first" in sort by');
  expect(rephrase('nah dont send them a welcome email').text).toBe('turn off a welcome email');
});
