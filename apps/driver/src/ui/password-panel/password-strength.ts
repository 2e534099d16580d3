import type { PasswordStrength } from '@evc/domain';

export interface PasswordAssessment {
  strength: PasswordStrength;
  /** Translation keys: `password.warnings.<name>` and `password.suggestions.<name>`. */
  warningKeys: string[];
}

type Checker = (password: string, userInputs: string[]) => PasswordAssessment;

// zxcvbn reports keys instead of English text, so the panel can show them in every language.
function asKeys<T extends Record<string, string>>(group: 'warnings' | 'suggestions', names: T): T {
  const keys: Record<string, string> = {};
  for (const name of Object.keys(names)) keys[name] = `password.${group}.${name}`;
  return keys as T;
}

let checker: Promise<Checker> | null = null;

/** Loads zxcvbn and its dictionaries once, on first use (they are large). */
function loadChecker(): Promise<Checker> {
  checker ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]).then(([core, common, english]) => {
    const factory = new core.ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...english.dictionary },
      graphs: common.adjacencyGraphs,
      translations: {
        ...english.translations,
        warnings: asKeys('warnings', english.translations.warnings),
        suggestions: asKeys('suggestions', english.translations.suggestions),
      },
    });
    return (password: string, userInputs: string[]) => {
      const result = factory.check(password, userInputs);
      return {
        strength: result.score,
        warningKeys: [result.feedback.warning ?? '', ...result.feedback.suggestions].filter(
          (key) => key !== '',
        ),
      };
    };
  });
  return checker;
}

/** spec 001 §9: strength on zxcvbn's scale 0 to 4, with its warnings. */
export async function assessPassword(
  password: string,
  userInputs: string[] = [],
): Promise<PasswordAssessment> {
  if (password === '') return { strength: 0, warningKeys: [] };
  return (await loadChecker())(password, userInputs);
}
