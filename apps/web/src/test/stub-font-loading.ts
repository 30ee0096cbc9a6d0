// jsdom has no font loading API (document.fonts); Mantine's autosizing text boxes listen to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}
