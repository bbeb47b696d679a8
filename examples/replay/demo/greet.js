export function greet(name) {
  return `Helo, ${name}!`;
}
