import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without declarations
import { unwrapRelativeAugmentations } from './bundle-types.mjs';

const declared = `interface KeywayParts {
  modalRouter: ModalRouterAttachment;
}
type EmailLoginStore = StoreApi<EmailLoginState>;
`;

describe('bundled declarations', () => {
  it("unwrap a flow's augmentation of the instance's parts into the file that declares them", () => {
    const text = `${declared}declare module '../keyway.js' {
  /** The part this module creates. */
  interface KeywayParts {
    emailLogin: EmailLoginStore;
  }
}
export { type KeywayParts };
`;
    expect(
      unwrapRelativeAugmentations(text, 'index.d.ts'),
    ).toBe(`${declared}/** The part this module creates. */
interface KeywayParts {
  emailLogin: EmailLoginStore;
}
export { type KeywayParts };
`);
  });

  it('refuse an augmentation of an interface the file does not declare', () => {
    const text = `declare module "../keyway.js" {
  interface KeywayPartDeps {
    emailLogin: EmailLoginDeps;
  }
}
`;
    expect(() => unwrapRelativeAugmentations(text, 'shared/x.d.ts')).toThrow(
      'shared/x.d.ts: an augmentation of KeywayPartDeps, which this file does not declare',
    );
  });

  it('leave a package augmentation alone', () => {
    const text = `declare module 'wagmi' {\n  interface Register {\n    config: Config;\n  }\n}\n`;
    expect(unwrapRelativeAugmentations(text, 'index.d.ts')).toBe(text);
  });
});
