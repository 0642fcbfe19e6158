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
  'signing-reminder': {
    subject: 'Reminder: please sign {documentName}',
    intro:
      '{senderName} from {organizationName} reminds you that the document “{documentName}” is waiting for your signature.',
    messageLabel: 'Message from {senderName}:',
    expires: 'The request is open until the end of {expiresOn} (Finnish time).',
    action: 'Review and sign',
    personal: 'The link is personal to you. Please do not forward this message.',
  },
  'signing-expired': {
    subject: 'Signature request expired: {documentName}',
    intro:
      'The request from {senderName} to sign the document “{documentName}” has expired before everyone signed.',
    next: 'You do not need to do anything. The signing link in the earlier message no longer works.',
  },
  'signing-failed': {
    subject: 'Signing stopped: {documentName}',
    intro:
      'The signing of the document “{documentName}” could not be completed: its PDF cannot take the signatures. Signatures made so far are void and the charges have been refunded.',
    next: 'The sender can correct the document and send it again. The signing link in the earlier message no longer works.',
  },
  'signing-declined': {
    subject: 'Signing declined: {documentName}',
    intro: '{signeeName} has declined to sign the document “{documentName}”.',
    reasonLabel: 'Their reason:',
    next: 'The signing has ended and the document is back in Draft. Signatures made so far are void, and charges are refunded as when you cancel a signing. You can edit the document and send it again.',
  },
  'signing-unlocked': {
    subject: 'Your turn to sign: {documentName}',
    intro:
      'The document “{documentName}” is free again: the signee who was signing it has finished or left. You can sign it now.',
    action: 'Review and sign',
    note: 'If another signee starts first, the page tells you and lets you know again when it is your turn.',
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
  notification: {
    action: 'Open in Sinetti',
    settings: 'You can choose which events you hear of, and how, in Sinetti under Profile → Notifications.',
  },
  'notification-digest': {
    subject: {
      one: 'Sinetti: {count} update since yesterday',
      other: 'Sinetti: {count} updates since yesterday',
    },
    intro: 'Here is what happened in Sinetti since your last digest:',
    more: '…and {count} more.',
    action: 'Open your notifications',
  },
  /** What one notification tells, used as the subject of its own e-mail and as a line of a digest. */
  notificationKinds: {
    'signee-signed': '{signeeName} signed “{documentName}”',
    'signee-declined': '{signeeName} declined to sign “{documentName}”',
    'signing-completed': 'Everyone has signed “{documentName}”',
    'invitation-received': 'You were invited to join {organizationName}',
    'document-shared': '“{documentName}” was shared with your role {roleName} in {organizationName}',
    'balance-low': 'The balance of {organizationName} is low: {balance}',
  },
  feedback: {
    subject: 'Feedback from {fromName}',
    intro: '{fromName} ({fromEmail}) sent feedback about Sinetti.',
    messageLabel: 'Their feedback:',
    context: 'Sent from the page {page}, Sinetti version {version}. Reply to {fromEmail} to answer.',
  },
};

export type MailTexts = typeof en;
