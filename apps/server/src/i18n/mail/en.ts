/**
 * E-mail texts in English. `{name}` placeholders are filled from the message's data; a placeholder
 * without a value is an error. fi.ts has the same shape (a missing Finnish text does not compile).
 * Plural texts have a `one` and an `other` form, chosen with Intl.PluralRules.
 */
export const en = {
  common: {
    greeting: 'Hello {name},',
    greetingNoName: 'Hello,',
    linkFallback: 'If the button does not work, copy this address into your browser:',
    footer:
      'This message was sent by Sinetti, an electronic signing service. If you were not expecting it, ' +
      'you can ignore it.',
  },
  'signing-request': {
    subject: 'Signature request: {documentName}',
    intro: '{senderName} from {organizationName} asks you to sign the document “{documentName}”.',
    messageLabel: 'Message from {senderName}:',
    action: 'Review and sign',
    personal: 'The link is personal to you. Please do not forward this message.',
  },
  'signing-code': {
    subject: 'Your verification code is {code}',
    intro: 'Use this code to confirm your signature on “{documentName}”:',
    validity: {
      one: 'The code is valid for {minutes} minute.',
      other: 'The code is valid for {minutes} minutes.',
    },
    warning: 'Never share the code with anyone. If you did not ask for it, you can ignore this message.',
  },
  'signing-cancelled': {
    subject: 'Signature request cancelled: {documentName}',
    intro: '{senderName} has cancelled the request to sign the document “{documentName}”.',
    next: 'You do not need to do anything. The signing link in the earlier message no longer works.',
  },
  'signing-failed': {
    subject: 'Signing stopped: {documentName}',
    intro:
      'The signing of the document “{documentName}” could not be completed: its PDF cannot take the signatures. Signatures made so far are void and the charges have been refunded.',
    next: 'The sender can correct the document and send it again. The signing link in the earlier message no longer works.',
  },
  'signing-completed': {
    subject: 'Document signed: {documentName}',
    intro: 'Everyone has signed the document “{documentName}”.',
    action: 'Download the signed document',
    certificate: 'Download the signing certificate',
  },
  'organization-invite': {
    subject: '{inviterName} invited you to {organizationName} on Sinetti',
    intro: '{inviterName} has invited you to join the organization {organizationName} on Sinetti.',
    action: 'Accept the invitation',
  },
};

export type MailTexts = typeof en;
