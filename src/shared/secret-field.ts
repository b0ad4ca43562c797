// Words that mark a field as sensitive even when the page made it a plain text input (a PIN, a card number).
// Short words only count alone (login_pin, not Spinner), as letters around them would make them other words.
const SECRET_WORDS =
  /pass(?:word|code|wd|phrase)|(?<![a-z])(?:pin|otp|cvc|cvv|cvn)(?![a-z])|one[\s_-]?time|card[\s_-]?num|security[\s_-]?code/i;

/** Whether a field's label, name or id says it holds a secret: what the recorder masks (mcp/sensitive-field.ts), and what `report` checks a recording for. */
export const namesSecret = (name: string) => SECRET_WORDS.test(name);
