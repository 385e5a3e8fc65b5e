import { expect, it } from "vitest";
import { isPrivateAddress } from "./safe-address";

// Issue #47: only public unicast is reached, in every spelling an address can take.

it.each([
  ["127.0.0.1"],
  ["10.1.2.3"],
  ["172.16.0.1"],
  ["192.168.1.1"],
  ["169.254.169.254"],
  ["100.64.0.1"],
  ["0.0.0.0"],
  ["224.0.0.1"],
  ["255.255.255.255"],
  ["198.51.100.7"],
  ["::"],
  ["::1"],
  ["fe80::1"],
  ["fe80::1%eth0"],
  ["fc00::1"],
  ["fd12:3456::1"],
  ["ff02::1"],
  ["2001:db8::1"],
  ["::127.0.0.1"], // IPv4-compatible
  ["::7f00:1"],
  ["::ffff:127.0.0.1"], // mapped
  ["::ffff:7f00:1"],
  ["::ffff:0:7f00:1"], // SIIT
  ["::ffff:0:10.0.0.1"],
  ["64:ff9b::7f00:1"], // NAT64, hex
  ["64:ff9b::127.0.0.1"],
  ["64:ff9b::a9fe:a9fe"], // NAT64 to the metadata address
  ["64:ff9b:1::7f00:1"], // local-use NAT64
  ["64:ff9b:1:7f00:1::"],
  ["2002:7f00:1::"], // 6to4
  ["2002:c0a8:101::1"],
  ["2001:0:4136:e378:8000:63bf:80ff:fffe"], // Teredo, client 127.0.0.1
  ["2001:0:7f00:1::1"], // Teredo, server 127.0.0.1
  ["not an address"],
])("refuses %s", (address) => {
  expect(isPrivateAddress(address)).toBe(true);
});

it.each([
  ["93.184.215.14"],
  ["8.8.8.8"],
  ["2606:4700:4700::1111"],
  ["::ffff:93.184.215.14"],
  ["64:ff9b::5db8:d70e"],
  ["2002:5db8:d70e::1"],
  ["2001:0:4136:e378:8000:63bf:a247:28f1"], // Teredo, client 93.184.215.14
])("allows the public %s", (address) => {
  expect(isPrivateAddress(address)).toBe(false);
});
