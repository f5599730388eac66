import type { MailCatalog } from './catalog.ts';

/** French puts a no-break space before `:`, `?` and `!`, and inside guillemets. */
const nb = '\u00a0';

export const fr: MailCatalog = {
  tag: 'fr',
  greeting: 'Bonjour,',
  closing: 'Cordialement,',
  replyHint: 'Pour nous répondre, répondez simplement à cet e-mail en conservant le numéro de ticket dans l’objet.',
  ticketReference: (code) => `Référence du ticket${nb}: ${code}`,
  mailFrom: (sender) => `E-mail de ${sender}`,
  acknowledgement: {
    thanks: (product) => `Merci d’avoir contacté ${product}.`,
    opened: (code, subject) =>
      `Nous avons bien reçu votre demande et avons ouvert le ticket ${code}${nb}: «${nb}${subject}${nb}».`,
    next: 'Un membre de notre équipe support vous répondra par e-mail dans les meilleurs délais.',
  },
  resolution: {
    subjectTag: 'Résolu',
    resolved: (code, subject) => `Votre ticket ${code} («${nb}${subject}${nb}») a été résolu.`,
    reopen: 'Si le problème persiste, répondez à cet e-mail et nous rouvrirons le ticket.',
    question: `Que pensez-vous de l’assistance que vous avez reçue${nb}?`,
    call: `Choisissez une note${nb}:`,
    linkTerms: (days) => `Le lien d’évaluation ne peut être utilisé qu’une seule fois et expire dans ${days} jours.`,
  },
  attachmentRefused: {
    subjectTag: 'Fichier non reçu',
    received: (code) => `Merci pour votre message. Nous l’avons ajouté au ticket ${code}.`,
    tooLarge: (count, max) =>
      count === 1
        ? `Nous n’avons malheureusement pas pu accepter le fichier suivant, car il dépasse ${max}${nb}Mo, la taille maximale par fichier${nb}:`
        : `Nous n’avons malheureusement pas pu accepter les fichiers suivants, car chacun dépasse ${max}${nb}Mo, la taille maximale par fichier${nb}:`,
    advice: (count) =>
      count === 1
        ? 'Merci de réduire la taille du fichier (par exemple en enregistrant l’image ou le PDF avec une résolution plus faible) ou de le diviser en plusieurs fichiers, puis de nous le renvoyer en répondant à cet e-mail.'
        : 'Merci de réduire la taille des fichiers (par exemple en enregistrant les images ou les PDF avec une résolution plus faible) ou de les diviser en plusieurs fichiers, puis de nous les renvoyer en répondant à cet e-mail.',
  },
  scores: ['Très mauvais', 'Mauvais', 'Correct', 'Bon', 'Excellent'],
  ratingPage: {
    title: (product) => `Évaluez notre support · ${product}`,
    heading: 'Votre avis nous intéresse',
    about: (code, subject) => `Votre évaluation du ticket ${code}${nb}: «${nb}${subject}${nb}»`,
    legend: 'Votre note',
    commentLabel: 'Commentaire (facultatif)',
    submit: 'Envoyer mon évaluation',
    thanksHeading: `Merci${nb}!`,
    thanks: 'Votre évaluation a bien été enregistrée. Elle nous aide à améliorer notre support.',
    problemHeading: 'Ce lien ne peut pas être utilisé',
    used: 'Ce lien d’évaluation a déjà été utilisé. Merci pour votre retour.',
    expired: 'Ce lien d’évaluation a expiré. Si vous souhaitez nous en dire plus, répondez à l’un de nos e-mails.',
    invalid: 'Ce lien d’évaluation n’est pas valide. Ouvrez le lien de notre e-mail tel qu’il vous a été envoyé.',
    notRatable:
      'Ce ticket a été rouvert et ne peut donc pas être évalué pour le moment. Vous recevrez un nouveau lien une fois qu’il sera résolu.',
    scoreRequired: 'Veuillez choisir une note de 1 à 5.',
    commentTooLong: (max) => `Votre commentaire ne peut pas dépasser ${max} caractères.`,
    commentInvalid:
      'Votre commentaire contient des caractères qui ne peuvent pas être enregistrés. Veuillez les supprimer et réessayer.',
    unavailable:
      'Votre évaluation n’a pas pu être enregistrée pour le moment. Veuillez réessayer dans quelques minutes.',
  },
  files: {
    attached: `Fichiers joints à cet e-mail${nb}:`,
    links: (days) => `Téléchargez les fichiers avec ces liens (valables ${days} jours)${nb}:`,
    page: {
      title: (product) => `Télécharger un fichier · ${product}`,
      heading: 'Ce fichier ne peut pas être téléchargé',
      invalid: 'Ce lien de téléchargement n’est pas valide. Ouvrez le lien de notre e-mail tel qu’il a été envoyé.',
      expired:
        'Ce lien de téléchargement a expiré. Répondez à notre e-mail et nous vous enverrons le fichier à nouveau.',
      removed: 'Ce fichier n’est plus disponible. Répondez à notre e-mail si vous en avez encore besoin.',
      infected: 'Ce fichier n’a pas passé notre contrôle de sécurité et ne peut pas être téléchargé.',
      pending: 'La sécurité de ce fichier est encore en cours de vérification. Réessayez dans quelques minutes.',
    },
  },
  notification: {
    titles: {
      ticket_assigned: 'Nouveau ticket assigné',
      ticket_created: 'Nouveau ticket créé',
      high_priority: 'Alerte priorité haute',
      critical_priority: 'Alerte priorité critique',
      ticket_overdue: 'Ticket en retard',
      sla_warning: 'Objectif SLA menacé',
      ticket_status_changed: 'Statut du ticket modifié',
      customer_reply: 'Réponse du client',
      ticket_waiting: 'Ticket en attente d’un agent',
      attachment_infected: 'Logiciel malveillant détecté dans un fichier',
    },
    ticketLine: (code, subject, priority) => `${code}${nb}: ${subject} (priorité${nb}: ${priority})`,
    customer: (email) => `Client${nb}: ${email}`,
    status: (status) => `Statut${nb}: ${status}`,
    open: 'Ouvrir le ticket',
    why: 'Vous recevez cet e-mail car les notifications par e-mail sont activées dans vos paramètres.',
  },
  safety: {
    antiPhishingCode: (code) => `Votre code anti-hameçonnage${nb}: ${code}`,
    neverAsks:
      'Notre équipe d’assistance ne vous demandera jamais votre mot de passe, vos codes d’authentification à deux facteurs (2FA), vos clés privées ou votre phrase de récupération. Ne les communiquez jamais à personne.',
  },
  priorities: { low: 'Basse', medium: 'Moyenne', high: 'Haute', critical: 'Critique' },
  statuses: { open: 'Ouvert', in_progress: 'En cours', resolved: 'Résolu', closed: 'Fermé' },
  redacted: {
    cardNumber: '[numéro de carte supprimé]',
    seedPhrase: '[phrase de récupération supprimée]',
    privateKey: '[clé privée supprimée]',
  },
};
