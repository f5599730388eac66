/**
 * happy-dom 21 lacks `HTMLSelectElement.size` and `HTMLOptionElement.defaultSelected`. react-hook-form reads both to
 * decide whether a select was edited before the form was ready, and without them it takes every select as edited
 * and never applies its default value. Browsers have both; web/src/test/setup.ts loads this for every component test.
 */
const selectProto = window.HTMLSelectElement.prototype;
if (!('size' in selectProto)) {
  Object.defineProperty(selectProto, 'size', {
    configurable: true,
    get(this: HTMLSelectElement) {
      return Number(this.getAttribute('size') ?? 0);
    },
  });
}

const optionProto = window.HTMLOptionElement.prototype;
if (!('defaultSelected' in optionProto)) {
  Object.defineProperty(optionProto, 'defaultSelected', {
    configurable: true,
    get(this: HTMLOptionElement) {
      return this.hasAttribute('selected');
    },
  });
}
