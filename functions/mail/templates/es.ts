import type { MailCatalog } from './catalog.ts';

export const es: MailCatalog = {
  tag: 'es',
  greeting: 'Hola:',
  closing: 'Saludos cordiales,',
  replyHint: 'Para responder, conteste a este correo y mantenga el número de ticket en el asunto.',
  ticketReference: (code) => `Referencia del ticket: ${code}`,
  mailFrom: (sender) => `Correo de ${sender}`,
  acknowledgement: {
    thanks: (product) => `Gracias por ponerse en contacto con ${product}.`,
    opened: (code, subject) => `Hemos recibido su solicitud y hemos abierto el ticket ${code}: «${subject}».`,
    next: 'Un miembro de nuestro equipo de soporte le responderá por correo electrónico lo antes posible.',
  },
  resolution: {
    subjectTag: 'Resuelto',
    resolved: (code, subject) => `Su ticket ${code} («${subject}») se ha resuelto.`,
    reopen: 'Si el problema no está solucionado, responda a este correo y volveremos a abrir el ticket.',
    question: '¿Qué le ha parecido la atención que ha recibido?',
    call: 'Elija una valoración:',
    linkTerms: (days) => `El enlace de valoración solo puede usarse una vez y caduca dentro de ${days} días.`,
  },
  attachmentRefused: {
    subjectTag: 'Archivo no recibido',
    received: (code) => `Gracias por su mensaje. Lo hemos añadido al ticket ${code}.`,
    tooLarge: (count, max) =>
      count === 1
        ? `Sin embargo, no hemos podido aceptar el siguiente archivo porque supera los ${max} MB, el tamaño máximo por archivo:`
        : `Sin embargo, no hemos podido aceptar los siguientes archivos porque cada uno supera los ${max} MB, el tamaño máximo por archivo:`,
    advice: (count) =>
      count === 1
        ? 'Reduzca el tamaño del archivo (por ejemplo, guardando la imagen o el PDF con menor resolución) o divídalo en varios archivos, y vuelva a enviarlo respondiendo a este correo.'
        : 'Reduzca el tamaño de los archivos (por ejemplo, guardando las imágenes o los PDF con menor resolución) o divídalos en varios archivos, y vuelva a enviarlos respondiendo a este correo.',
  },
  scores: ['Muy mala', 'Mala', 'Aceptable', 'Buena', 'Excelente'],
  ratingPage: {
    title: (product) => `Valore nuestro soporte · ${product}`,
    heading: '¿Qué tal lo hemos hecho?',
    about: (code, subject) => `Su valoración del ticket ${code}: «${subject}»`,
    legend: 'Su valoración',
    commentLabel: 'Comentario (opcional)',
    submit: 'Enviar valoración',
    thanksHeading: '¡Gracias!',
    thanks: 'Hemos registrado su valoración. Nos ayuda a mejorar nuestro soporte.',
    problemHeading: 'Este enlace no se puede usar',
    used: 'Este enlace de valoración ya se ha utilizado. Gracias por su opinión.',
    expired:
      'Este enlace de valoración ha caducado. Si desea contarnos algo más, responda a cualquiera de nuestros correos.',
    invalid: 'Este enlace de valoración no es válido. Abra el enlace de nuestro correo tal como se lo enviamos.',
    notRatable:
      'Este ticket se ha vuelto a abrir, así que ahora no se puede valorar. Recibirá un enlace nuevo cuando se resuelva.',
    scoreRequired: 'Elija una valoración del 1 al 5.',
    commentTooLong: (max) => `Su comentario puede tener como máximo ${max} caracteres.`,
    commentInvalid: 'Su comentario contiene caracteres que no se pueden guardar. Elimínelos e inténtelo de nuevo.',
    unavailable: 'Ahora mismo no hemos podido guardar su valoración. Inténtelo de nuevo dentro de unos minutos.',
  },
  files: {
    attached: 'Archivos adjuntos a este correo:',
    links: (days) => `Descargue los archivos con estos enlaces (válidos durante ${days} días):`,
    page: {
      title: (product) => `Descargar un archivo · ${product}`,
      heading: 'No se puede descargar este archivo',
      invalid: 'Este enlace de descarga no es válido. Abra el enlace de nuestro correo tal como se envió.',
      expired: 'Este enlace de descarga ha caducado. Responda a nuestro correo y le enviaremos el archivo de nuevo.',
      removed: 'Este archivo ya no está disponible. Responda a nuestro correo si todavía lo necesita.',
      infected: 'Este archivo no ha superado nuestro control de seguridad y no se puede descargar.',
      pending: 'Todavía estamos comprobando la seguridad de este archivo. Vuelva a intentarlo dentro de unos minutos.',
    },
  },
  notification: {
    titles: {
      ticket_assigned: 'Nuevo ticket asignado',
      ticket_created: 'Nuevo ticket creado',
      high_priority: 'Alerta de prioridad alta',
      critical_priority: 'Alerta de prioridad crítica',
      ticket_overdue: 'Ticket vencido',
      sla_warning: 'Objetivo de SLA en riesgo',
      ticket_status_changed: 'Cambio de estado del ticket',
      customer_reply: 'Respuesta del cliente',
      ticket_waiting: 'Ticket en espera de un agente',
      attachment_infected: 'Malware detectado en un archivo',
    },
    ticketLine: (code, subject, priority) => `${code}: ${subject} (prioridad: ${priority})`,
    customer: (email) => `Cliente: ${email}`,
    status: (status) => `Estado: ${status}`,
    open: 'Abrir el ticket',
    why: 'Recibe este correo porque tiene activadas las notificaciones por correo electrónico en su configuración.',
  },
  safety: {
    antiPhishingCode: (code) => `Su código antiphishing: ${code}`,
    neverAsks:
      'Nuestro equipo de soporte nunca le pedirá su contraseña, sus códigos de verificación en dos pasos (2FA), sus claves privadas ni su frase semilla. No los comparta nunca con nadie.',
  },
  priorities: { low: 'Baja', medium: 'Media', high: 'Alta', critical: 'Crítica' },
  statuses: { open: 'Abierto', in_progress: 'En curso', resolved: 'Resuelto', closed: 'Cerrado' },
  redacted: {
    cardNumber: '[número de tarjeta eliminado]',
    seedPhrase: '[frase semilla eliminada]',
    privateKey: '[clave privada eliminada]',
  },
};
