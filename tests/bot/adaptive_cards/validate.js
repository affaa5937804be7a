// Validate Adaptive Cards with Microsoft's own SDK (npm "adaptivecards", MIT): parse each card as a
// schema-1.5 card and run the SDK's property validation. Reads a JSON array of cards on stdin and prints,
// for each card, the list of problems the SDK reported ([] when it is valid).
// Usage: node validate.js MODULES_DIR < cards.json   (MODULES_DIR: where `npm install` put adaptivecards)
const path = require("path");
const AC = require(path.join(process.argv[2], "adaptivecards", "dist", "adaptivecards.js"));

let input = "";
process.stdin.on("data", (chunk) => (input += chunk));
process.stdin.on("end", () => {
  const results = JSON.parse(input).map((json) => {
    const problems = [];
    const context = new AC.SerializationContext(AC.Versions.v1_5);
    const card = new AC.AdaptiveCard();
    card.parse(json, context);
    for (let i = 0; i < context.eventCount; i++) {
      const e = context.getEventAt(i);
      problems.push(`parse: ${AC.ValidationEvent[e.event]}: ${e.message}`);
    }
    for (const e of card.validateProperties().validationEvents) {
      problems.push(`validate: ${AC.ValidationEvent[e.event]}: ${e.message}`);
    }
    if (json.version !== "1.5") problems.push(`version ${json.version}, not 1.5`);
    return problems;
  });
  process.stdout.write(JSON.stringify(results));
});
