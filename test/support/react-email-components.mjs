// Tests only (jest.config.js moduleNameMapper): `@react-email/components` is a barrel of `export * from
// '@react-email/<part>'` over twenty packages, three of which cost seconds to load and are used by no mail
// of the shop: code-block (Prism and its grammars), markdown and tailwind (Tailwind's compiler). Jest loads
// every module anew for each test file, and every integration and medium file loads the mails through the
// server, so the barrel cost each file that much. This re-exports the same packages (the same components,
// the same rendering) without those three. A mail that starts using CodeBlock, Markdown or Tailwind fails
// in the tests with "does not provide an export named ...": add its package here. The built shop's mail
// bundle (emails/vite.config.ts, what the end-to-end tests run) is made from the real barrel.
export * from '@react-email/body';
export * from '@react-email/button';
export * from '@react-email/code-inline';
export * from '@react-email/column';
export * from '@react-email/container';
export * from '@react-email/font';
export * from '@react-email/head';
export * from '@react-email/heading';
export * from '@react-email/hr';
export * from '@react-email/html';
export * from '@react-email/img';
export * from '@react-email/link';
export * from '@react-email/preview';
export * from '@react-email/row';
export * from '@react-email/section';
export * from '@react-email/text';
