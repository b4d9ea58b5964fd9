import ipaddr from 'ipaddr.js';
import type { Resolve } from '../../src/modules/recipe-import/guarded-fetch.js';

/**
 * The recipe importer's resolver in every test server: IP literals answer themselves and
 * `localhost` is 127.0.0.1; any other name fails as an unknown host would. So no test, the
 * contract fuzzer's random links included, ever asks DNS or reaches past this machine.
 */
export const loopbackOnlyResolve: Resolve = async (host) => {
  if (ipaddr.isValid(host)) return [{ address: host, family: host.includes(':') ? 6 : 4 }];
  if (host === 'localhost') return [{ address: '127.0.0.1', family: 4 }];
  throw Object.assign(new Error(`tests resolve no names (${host})`), { code: 'ENOTFOUND' });
};

/** A resolver that answers `addresses` for every name: how a test plays a public site's DNS. */
export const resolveTo =
  (...addresses: string[]): Resolve =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
