// The mail platform's public face: import from here, not from the files beside it.
export { MailModule } from './mail.module.js';
export { MailProcessor, MailQueue, SEND_TEMPLATE_JOB } from './send-mail.job.js';
export { MailService } from './mail.service.js';
export { EmptyMailError, MailError, isMailLocale, type MailLocale, type TemplateName, type TemplateProps } from '../../../emails/render.js';
export { MailAttachmentSources, type MailAttachment } from './mail-attachments.js';
