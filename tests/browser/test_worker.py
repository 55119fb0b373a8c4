"""The computer player's Web Worker (static/ai-worker.js with game/web/worker.py): it loads
Pyodide, NumPy and the game on its own thread and answers as the engine does in CPython."""

import json

from harness import wait_until_state

from game import Board, Move
from game.ai import MASTER, Search
from game.parts import PartResult, best_part
from game.sgf import write_sgf

# Starts the worker from the page, posts the searches given, and resolves with its messages:
# the first ({loaded} or {failed}) and one answer per search not ended by a later one.
ASK_WORKER = """async ({ searches, answers }) => {
  const worker = new Worker("./static/ai-worker.js", { type: "module" });
  const messages = [];
  const done = new Promise((resolve) => {
    worker.onmessage = ({ data }) => {
      messages.push(data);
      if (messages.length === answers + 1 || data.failed) resolve();
    };
  });
  for (const search of searches) worker.postMessage({ search });
  await done;
  worker.terminate();
  return messages;
}"""


def test_the_worker_answers_as_the_engine_does(page):
    wait_until_state(page, "ready")
    board = Board("classic")
    board.push(Move.parse("a20,b20,c20,d20,e20"))
    sgf = write_sgf(board)
    first = {"id": 1, "sgf": write_sgf(Board("duo")), "level": 3, "seed": 5}
    second = {"id": 2, "sgf": sgf, "level": 2, "seed": 11}
    # Sent before the worker is loaded: kept, then the first is ended by the second.
    messages = page.evaluate(ASK_WORKER, {"searches": [first, second], "answers": 1})
    assert messages[0] == {"loaded": "2.0.2"}
    expected = Search(board, 2, seed=11).run()
    assert messages[1:] == [{"id": 2, "answer": str(expected)}]
    assert json.dumps(messages)  # plain data, nothing the page would have to free


# Starts two workers and posts each its part of the same search; resolves with their answers.
ASK_TWO_WORKERS = """async (search) => {
  const answers = await Promise.all([0, 1].map((part) => new Promise((resolve) => {
    const worker = new Worker("./static/ai-worker.js", { type: "module" });
    worker.onmessage = ({ data }) => {
      if ("id" in data || data.failed) {
        worker.terminate();
        resolve(data);
      }
    };
    worker.postMessage({ search: { ...search, part } });
  })));
  return answers;
}"""


def test_two_workers_each_search_a_part_and_the_best_is_the_engines_move(page):
    wait_until_state(page, "ready")
    board = Board("duo")
    for text in ("e10,f10,e9", "j5,j4,k4"):
        board.push(Move.parse(text))
    search = {"id": 3, "sgf": write_sgf(board), "level": MASTER, "seed": 9}
    answers = page.evaluate(ASK_TWO_WORKERS, search)
    assert [answer["id"] for answer in answers] == [3, 3]
    results = [PartResult.from_json(answer["answer"]) for answer in answers]
    assert all(result.value is not None for result in results)  # Master's tree is dealt
    assert best_part(results).move == Search(board, MASTER, seed=9).run()
