import type { MailCatalog } from './catalog.ts';

export const de: MailCatalog = {
  tag: 'de',
  greeting: 'Guten Tag,',
  // German letters close without a comma.
  closing: 'Mit freundlichen Grüßen',
  replyHint: 'Antworten Sie einfach auf diese E-Mail und lassen Sie dabei die Ticketnummer im Betreff stehen.',
  ticketReference: (code) => `Ticketnummer: ${code}`,
  mailFrom: (sender) => `E-Mail von ${sender}`,
  acknowledgement: {
    // After the greeting's comma the letter goes on in lower case.
    thanks: (product) => `vielen Dank, dass Sie sich an ${product} gewandt haben.`,
    opened: (code, subject) => `Wir haben Ihre Anfrage erhalten und das Ticket ${code} eröffnet: „${subject}“.`,
    next: 'Ein Mitglied unseres Support-Teams meldet sich so bald wie möglich per E-Mail bei Ihnen.',
  },
  resolution: {
    subjectTag: 'Gelöst',
    resolved: (code, subject) => `Ihr Ticket ${code} („${subject}“) wurde gelöst.`,
    reopen: 'Falls das Problem weiterhin besteht, antworten Sie auf diese E-Mail – wir öffnen das Ticket dann erneut.',
    question: 'Wie zufrieden sind Sie mit unserem Support?',
    call: 'Wählen Sie eine Bewertung:',
    linkTerms: (days) => `Der Bewertungslink kann einmal verwendet werden und läuft in ${days} Tagen ab.`,
  },
  attachmentRefused: {
    subjectTag: 'Datei nicht erhalten',
    // After the greeting's comma the letter goes on in lower case.
    received: (code) => `vielen Dank für Ihre Nachricht. Wir haben sie dem Ticket ${code} hinzugefügt.`,
    tooLarge: (count, max) =>
      count === 1
        ? `Die folgende Datei konnten wir leider nicht annehmen, da sie größer als ${max} MB ist (die Höchstgröße je Datei):`
        : `Die folgenden Dateien konnten wir leider nicht annehmen, da sie jeweils größer als ${max} MB sind (die Höchstgröße je Datei):`,
    advice: (count) =>
      count === 1
        ? 'Bitte verkleinern Sie die Datei (etwa indem Sie das Bild oder PDF mit geringerer Auflösung speichern) oder teilen Sie sie auf mehrere Dateien auf, und senden Sie sie als Antwort auf diese E-Mail erneut.'
        : 'Bitte verkleinern Sie die Dateien (etwa indem Sie die Bilder oder PDFs mit geringerer Auflösung speichern) oder teilen Sie sie auf mehrere Dateien auf, und senden Sie sie als Antwort auf diese E-Mail erneut.',
  },
  scores: ['Sehr schlecht', 'Schlecht', 'Befriedigend', 'Gut', 'Ausgezeichnet'],
  ratingPage: {
    title: (product) => `Bewerten Sie unseren Support · ${product}`,
    heading: 'Wie zufrieden waren Sie?',
    about: (code, subject) => `Ihre Bewertung zum Ticket ${code}: „${subject}“`,
    legend: 'Ihre Bewertung',
    commentLabel: 'Kommentar (optional)',
    submit: 'Bewertung senden',
    thanksHeading: 'Vielen Dank!',
    thanks: 'Ihre Bewertung wurde gespeichert. Sie hilft uns, unseren Support zu verbessern.',
    problemHeading: 'Dieser Link kann nicht verwendet werden',
    used: 'Dieser Bewertungslink wurde bereits verwendet. Vielen Dank für Ihr Feedback.',
    expired:
      'Dieser Bewertungslink ist abgelaufen. Wenn Sie uns mehr mitteilen möchten, antworten Sie auf eine unserer E-Mails.',
    invalid: 'Dieser Bewertungslink ist ungültig. Bitte öffnen Sie den Link aus unserer E-Mail unverändert.',
    notRatable:
      'Dieses Ticket wurde wieder geöffnet und kann deshalb gerade nicht bewertet werden. Sie erhalten einen neuen Link, sobald es gelöst ist.',
    scoreRequired: 'Bitte wählen Sie eine Bewertung von 1 bis 5.',
    commentTooLong: (max) => `Ihr Kommentar darf höchstens ${max} Zeichen lang sein.`,
    commentInvalid:
      'Ihr Kommentar enthält Zeichen, die nicht gespeichert werden können. Bitte entfernen Sie sie und versuchen Sie es erneut.',
    unavailable:
      'Ihre Bewertung konnte gerade nicht gespeichert werden. Bitte versuchen Sie es in einigen Minuten erneut.',
  },
  files: {
    attached: 'Dateien im Anhang dieser E-Mail:',
    links: (days) => `Laden Sie die Dateien über diese Links herunter (${days} Tage gültig):`,
    page: {
      title: (product) => `Datei herunterladen · ${product}`,
      heading: 'Diese Datei kann nicht heruntergeladen werden',
      invalid:
        'Dieser Download-Link ist ungültig. Bitte öffnen Sie den Link aus unserer E-Mail genau so, wie er gesendet wurde.',
      expired:
        'Dieser Download-Link ist abgelaufen. Antworten Sie auf unsere E-Mail, dann senden wir Ihnen die Datei erneut.',
      removed: 'Diese Datei ist nicht mehr verfügbar. Antworten Sie auf unsere E-Mail, falls Sie sie noch benötigen.',
      infected: 'Diese Datei hat unsere Sicherheitsprüfung nicht bestanden und kann nicht heruntergeladen werden.',
      pending: 'Diese Datei wird noch auf Sicherheit geprüft. Bitte versuchen Sie es in einigen Minuten erneut.',
    },
  },
  notification: {
    titles: {
      ticket_assigned: 'Neues Ticket zugewiesen',
      ticket_created: 'Neues Ticket erstellt',
      high_priority: 'Warnung: hohe Priorität',
      critical_priority: 'Warnung: kritische Priorität',
      ticket_overdue: 'Ticket überfällig',
      sla_warning: 'SLA-Ziel gefährdet',
      ticket_status_changed: 'Ticketstatus geändert',
      customer_reply: 'Antwort des Kunden',
      ticket_waiting: 'Ticket wartet auf einen Agenten',
      attachment_infected: 'Schadsoftware in einer Datei gefunden',
    },
    ticketLine: (code, subject, priority) => `${code}: ${subject} (Priorität: ${priority})`,
    customer: (email) => `Kunde: ${email}`,
    status: (status) => `Status: ${status}`,
    open: 'Ticket öffnen',
    why: 'Sie erhalten diese E-Mail, weil E-Mail-Benachrichtigungen in Ihren Einstellungen aktiviert sind.',
  },
  safety: {
    antiPhishingCode: (code) => `Ihr Anti-Phishing-Code: ${code}`,
    neverAsks:
      'Unser Support-Team wird Sie niemals nach Ihrem Passwort, Ihren Zwei-Faktor-Codes (2FA), privaten Schlüsseln oder Ihrer Seed-Phrase fragen. Geben Sie diese niemals an Dritte weiter.',
  },
  priorities: { low: 'Niedrig', medium: 'Mittel', high: 'Hoch', critical: 'Kritisch' },
  statuses: { open: 'Offen', in_progress: 'In Bearbeitung', resolved: 'Gelöst', closed: 'Geschlossen' },
  redacted: {
    cardNumber: '[Kartennummer entfernt]',
    seedPhrase: '[Seed-Phrase entfernt]',
    privateKey: '[privater Schlüssel entfernt]',
  },
};
