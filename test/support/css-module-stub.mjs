// Unit tests render components without a bundler: a CSS module's class names are their own keys
// (styles.poster === 'poster'), so a test can find the parts by class.
export default new Proxy({}, { get: (_, key) => (typeof key === 'string' ? key : undefined) });
