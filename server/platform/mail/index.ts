// The mail platform's public face: import from here, not from the files beside it.
export { MailModule } from './mail.module.js';
export { MailProcessor, MailQueue, SEND_TEMPLATE_JOB, type SendTemplateJobData } from './send-mail.job.js';
export { MailRedelivery, type MailRedeliveryScan } from './mail-redelivery.js';
export { MailService, firstLink, type OutgoingMail, type SendTemplateOptions } from './mail.service.js';
export {
  MAIL_LOCALES,
  EmptyMailError,
  MailError,
  MissingTranslationError,
  RelativeLinkError,
  UnknownMailLocaleError,
  UnknownMailTemplateError,
  isMailLocale,
  isTemplateName,
  type MailLocale,
  type RenderedMail,
  type TemplateName,
  type TemplateProps,
} from '../../../emails/render.js';
