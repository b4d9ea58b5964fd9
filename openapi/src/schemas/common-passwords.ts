/**
 * Passwords of 8+ characters that top the public breach lists (SecLists' most common passwords,
 * lower-cased). Small on purpose: it stops the guesses attackers try first, without a data file.
 */
// prettier-ignore
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '12345678', '123456789', '1234567890', '12341234', '11111111', '00000000', '88888888',
  '87654321', '11223344', '12344321', '123123123', '1q2w3e4r', '1qaz2wsx', 'qwertyui',
  'qwertyuiop', 'qwerty123', 'qwerty12', 'password', 'password1', 'password12', 'password123',
  'passw0rd', 'p@ssw0rd', 'p@ssword', 'iloveyou', 'iloveyou1', 'sunshine', 'princess',
  'football', 'baseball', 'welcome1', 'welcome123', 'abcd1234', 'abc12345', 'abcdefgh',
  'superman', 'starwars', 'trustno1', 'whatever', 'letmein1', 'letmein123', 'admin123',
  'administrator', 'changeme', 'computer', 'michelle', 'jennifer', 'corvette', 'mercedes',
  'zaq12wsx', 'asdfghjk', 'asdfasdf', 'q1w2e3r4', 'q1w2e3r4t5', 'zxcvbnm1', 'internet',
  'samsung1', 'charlie1', 'liverpool', 'chelsea1', 'football1', 'master123', 'shadow123',
  'dragon123', 'monkey123', 'freedom1', 'secret123', 'test1234', 'testtest', 'aa123456',
  'a1234567', 'qazwsxedc', '1qazxsw2', 'recipehub', 'recipehub1', 'recipe123',
]);
