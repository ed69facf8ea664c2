// Event and method arguments as MultiBaas renders them: `value` is any JSON (SPEC EventField :5097-5120, MethodArg
// :5121-5139; Curvegrid's Go type holds it as interface{}). The docs' sample shows addresses as EIP-55 strings and
// integers as decimal strings with the token's decimals applied ("123.456" for 123456 at 3 decimals), also in the
// decoded method inputs. Where the document leaves the form open the double picks the JSON value, the less convenient
// form the API allows: booleans as booleans, arrays as arrays, tuples as objects by component name.
import { formatUnits, getAddress, type AbiParameter } from 'viem';

/** Argument names that hold a token amount: MultiBaas applies a contract's decimals to them (its type conversions). */
const AMOUNT_NAMES = new Set(['value', 'amount', 'wad']);

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** A top-level argument; `decimals` (the contract's `decimals()`) applies to integer amounts only. */
export function renderArgument(param: AbiParameter, value: unknown, decimals: number | undefined): Json {
  const isAmount =
    decimals !== undefined && /^u?int\d*$/.test(param.type) && AMOUNT_NAMES.has((param.name ?? '').replace(/^_+/, ''));
  return isAmount ? formatUnits(value as bigint, decimals) : renderValue(param, value);
}

function renderValue(param: AbiParameter, value: unknown): Json {
  const array = /^(.*)\[(\d*)\]$/.exec(param.type);
  if (array) {
    const element = { ...param, type: array[1]! };
    return (value as readonly unknown[]).map((item) => renderValue(element, item));
  }
  if (param.type === 'tuple') {
    const components = (param as { components: readonly AbiParameter[] }).components;
    return Object.fromEntries(
      components.map((component, index) => {
        const field = Array.isArray(value)
          ? (value as unknown[])[index]
          : (value as Record<string, unknown>)[component.name ?? String(index)];
        return [component.name || String(index), renderValue(component, field)];
      }),
    );
  }
  if (param.type === 'address') return getAddress(value as string);
  if (param.type === 'bool') return value as boolean;
  if (/^u?int\d*$/.test(param.type)) return (value as bigint).toString();
  return value as string; // string, bytes, bytesN: as decoded (hex for bytes)
}
