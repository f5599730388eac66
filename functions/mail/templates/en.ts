import type { MailCatalog } from './catalog.ts';

export const en: MailCatalog = {
  tag: 'en',
  greeting: 'Hello,',
  closing: 'Kind regards,',
  replyHint: 'To answer, simply reply to this e-mail and keep the ticket number in the subject.',
  ticketReference: (code) => `Ticket reference: ${code}`,
  mailFrom: (sender) => `E-mail from ${sender}`,
  acknowledgement: {
    thanks: (product) => `Thank you for contacting ${product}.`,
    opened: (code, subject) => `We have received your request and opened ticket ${code}: “${subject}”.`,
    next: 'A member of our support team will get back to you by e-mail as soon as possible.',
  },
  resolution: {
    subjectTag: 'Resolved',
    resolved: (code, subject) => `Your ticket ${code} (“${subject}”) has been resolved.`,
    reopen: 'If the problem is not solved, reply to this e-mail and we will reopen the ticket.',
    question: 'How satisfied are you with the support you received?',
    call: 'Choose a rating:',
    linkTerms: (days) => `The rating link can be used once and expires in ${days} days.`,
  },
  attachmentRefused: {
    subjectTag: 'File not received',
    received: (code) => `Thank you for your message. We have added it to ticket ${code}.`,
    tooLarge: (count, max) =>
      count === 1
        ? `However, we could not accept the following file because it is larger than ${max} MB, the limit for each file:`
        : `However, we could not accept the following files because each is larger than ${max} MB, the limit for each file:`,
    advice: (count) =>
      count === 1
        ? 'Please make the file smaller (for example, save the image or PDF at a lower resolution) or split it into several files, then send it again by replying to this e-mail.'
        : 'Please make the files smaller (for example, save the images or PDFs at a lower resolution) or split them into several files, then send them again by replying to this e-mail.',
  },
  scores: ['Very poor', 'Poor', 'Fair', 'Good', 'Excellent'],
  ratingPage: {
    title: (product) => `Rate our support · ${product}`,
    heading: 'How did we do?',
    about: (code, subject) => `Your rating of ticket ${code}: “${subject}”`,
    legend: 'Your rating',
    commentLabel: 'Comment (optional)',
    submit: 'Send rating',
    thanksHeading: 'Thank you!',
    thanks: 'Your rating has been recorded. It helps us improve our support.',
    problemHeading: 'This link cannot be used',
    used: 'This rating link has already been used. Thank you for your feedback.',
    expired: 'This rating link has expired. If you would like to tell us more, reply to any of our e-mails.',
    invalid: 'This rating link is not valid. Please open the link from our e-mail exactly as it was sent.',
    notRatable:
      'This ticket has been reopened, so it cannot be rated right now. You will receive a new link when it is resolved.',
    scoreRequired: 'Please choose a rating from 1 to 5.',
    commentTooLong: (max) => `Your comment can be at most ${max} characters long.`,
    commentInvalid: 'Your comment contains characters that cannot be saved. Please remove them and try again.',
    unavailable: 'Your rating could not be saved right now. Please try again in a few minutes.',
  },
  files: {
    attached: 'Files attached to this e-mail:',
    links: (days) => `Download the files with these links (valid for ${days} days):`,
    page: {
      title: (product) => `Download a file · ${product}`,
      heading: 'This file cannot be downloaded',
      invalid: 'This download link is not valid. Please open the link from our e-mail exactly as it was sent.',
      expired: 'This download link has expired. Reply to our e-mail and we will send you the file again.',
      removed: 'This file is no longer available. Reply to our e-mail if you still need it.',
      infected: 'This file did not pass our security check and cannot be downloaded.',
      pending: 'This file is still being checked for your security. Please try again in a few minutes.',
    },
  },
  notification: {
    titles: {
      ticket_assigned: 'New Ticket Assigned',
      ticket_created: 'New Ticket Created',
      high_priority: 'High Priority Alert',
      critical_priority: 'Critical Priority Alert',
      ticket_overdue: 'Ticket Overdue',
      sla_warning: 'SLA Target at Risk',
      ticket_status_changed: 'Ticket Status Changed',
      customer_reply: 'Customer Replied',
      ticket_waiting: 'Ticket Waiting for an Agent',
      attachment_infected: 'Malware Found in a File',
    },
    ticketLine: (code, subject, priority) => `${code}: ${subject} (${priority} priority)`,
    customer: (email) => `Customer: ${email}`,
    status: (status) => `Status: ${status}`,
    open: 'Open the ticket',
    why: 'You receive this e-mail because e-mail notifications are switched on in your settings.',
  },
  safety: {
    antiPhishingCode: (code) => `Your anti-phishing code: ${code}`,
    neverAsks:
      'Our support team will never ask you for your password, two-factor (2FA) codes, private keys or seed phrase. Never share them with anyone.',
  },
  priorities: { low: 'Low', medium: 'Medium', high: 'High', critical: 'Critical' },
  statuses: { open: 'Open', in_progress: 'In Progress', resolved: 'Resolved', closed: 'Closed' },
  redacted: {
    cardNumber: '[redacted card number]',
    seedPhrase: '[redacted seed phrase]',
    privateKey: '[redacted private key]',
  },
};
