import { describe, expect, it } from "vitest";
import { generateKeyBase64, open, seal } from "./secret-box";

describe("secret box", () => {
  const key = generateKeyBase64();

  it("opens what it sealed, and the sealed text shows nothing of the secret", async () => {
    const secret = { username: "demo", password: "platform-demo-2025" };
    const sealed = await seal(key, secret, "company-a/connection-1");
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9+/=]+\.[A-Za-z0-9+/=]+$/);
    expect(sealed).not.toContain("platform-demo");
    expect(await open(key, sealed, "company-a/connection-1")).toEqual(secret);
    expect(await seal(key, secret, "company-a/connection-1")).not.toBe(sealed);
  });

  it("refuses another key, another row's context or a changed byte", async () => {
    const sealed = await seal(key, { password: "x" }, "company-a/connection-1");
    await expect(open(generateKeyBase64(), sealed, "company-a/connection-1")).rejects.toThrow();
    await expect(open(key, sealed, "company-b/connection-1")).rejects.toThrow();
    const [version, iv, body] = sealed.split(".");
    const flipped = `${version}.${iv}.${body.startsWith("A") ? "B" : "A"}${body.slice(1)}`;
    await expect(open(key, flipped, "company-a/connection-1")).rejects.toThrow();
    await expect(open(key, "plain text", "company-a/connection-1")).rejects.toThrow();
  });
});
