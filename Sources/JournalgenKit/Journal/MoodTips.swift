/// Short tips the moods page shows, one at a time; journal.yaml `tips:` replaces them.
enum MoodTips {
    static let builtIn = [
        "Name the feeling. “Tired and a bit lonely” is easier to work with than “bad”.",
        "A mood is weather, not climate: look at the line, not the dots.",
        "Write one sentence on a grey day. It counts, and it keeps the streak.",
        "Notice what the good days share. The mood-by-tag table is a good place to start.",
        "Go outside for ten minutes, even when it rains. Then write down how it was.",
        "Sleep shows up in the chart a day later. Track it for a week and see.",
        "Call someone you have not spoken to in a month.",
        "A hard day is data, not a verdict. Log it honestly.",
        "Re-read an entry from a year ago: you have come further than you think.",
        "Move your body before you check your phone.",
        "Three small things that went well today: write them down before bed.",
        "When a mood repeats, look at the hour: evenings and mornings tell different stories.",
        "Drink a glass of water, then decide how you feel.",
        "Plan one thing to look forward to this week, however small.",
        "Be as kind in your journal as you would be to a friend's.",
        "Put the day's worry on paper, then close the notebook. It will keep until tomorrow.",
        "Celebrate a goal you reached: add it to the List of Glory.",
    ]
}
